import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { useCurrentUser } from '../../../providers/ServicesContext';
import { UseCaseList } from './UseCaseList';

/** Self-service index (spec §2): the use cases of the user's projects; a light user's landing page. */
export const SelfServiceHomePage = () => {
  const translate = useTranslate();
  const user = useCurrentUser();
  const projects = user
    ? Object.values(user.organisations).flatMap((orga) =>
        Object.values(orga.projects).filter((project) => project.access !== 'noAccess'),
      )
    : [];

  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        {translate('app.selfService.title')}
      </Typography>
      {projects.length === 0 ? (
        <Typography color="text.secondary">{translate('app.selfService.noUseCases')}</Typography>
      ) : (
        <Card>
          <CardContent>
            {projects.map((project) => (
              <UseCaseList key={project.id} projectId={project.id} projectName={project.name} />
            ))}
          </CardContent>
        </Card>
      )}
    </Stack>
  );
};
