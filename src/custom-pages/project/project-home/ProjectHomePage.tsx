import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router-dom';
import { useLocale, useTranslate } from 'react-admin';
import { getProject } from '../../../../schemas/contracts/tenancy';
import { CallErrorAlert } from '../../../components/CallErrorAlert';
import { DetailList } from '../../../components/DetailList';
import { EnvironmentLinks } from '../../../components/EnvironmentLinks';
import { PageLoader } from '../../../components/PageLoader';
import { useCall } from '../../../providers/useCall';
import { formatShortDate } from '../../../theme';
import { ProjectActions } from './ProjectActions';

/** Project home (spec §2): what the project is, what the user may do with it, and its environments. */
export const ProjectHomePage = () => {
  const translate = useTranslate();
  const locale = useLocale();
  const { projectId = '' } = useParams();
  const project = useCall(getProject, { params: { projectId } });

  if (project.status === 'pending') return <PageLoader />;
  if (project.status === 'error') return <CallErrorAlert error={project.error} onRetry={project.retry} />;
  const { name, type, notes, createdAt } = project.data;

  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        {name}
      </Typography>
      <ProjectActions project={project.data} />
      <Card>
        <CardContent>
          <DetailList
            items={[
              { label: translate('app.project.type'), value: translate(`app.project.types.${type}`) },
              { label: translate('app.project.createdAt'), value: formatShortDate(createdAt, locale) },
              {
                label: translate('app.project.notes'),
                value: notes.trim() || translate('app.project.noNotes'),
              },
            ]}
          />
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2">
            {translate('app.project.environments')}
          </Typography>
          <EnvironmentLinks projectId={projectId} />
        </CardContent>
      </Card>
    </Stack>
  );
};
