import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import type { Project } from '../../../../schemas/contracts/tenancy';
import { EnvironmentLinks } from '../../../components/EnvironmentLinks';
import { projectPath } from '../../../routing/scopePaths';
import { ProjectMarks } from './ProjectMarks';

/** One project of the organisation, with the user's marks on it and its environments as links. */
export const ProjectEnvironmentsCard = ({ project }: { project: Project }) => {
  const translate = useTranslate();
  return (
    <Card component="article" aria-labelledby={`project-${project.id}`}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography id={`project-${project.id}`} variant="h6" component="h3" sx={{ flex: 1 }}>
            <Link component={RouterLink} to={projectPath(project.id)}>
              {project.name}
            </Link>
          </Typography>
          <ProjectMarks project={project} />
        </Stack>
        <Typography variant="caption" color="text.secondary">
          {translate(`app.project.types.${project.type}`)}
        </Typography>
        <EnvironmentLinks projectId={project.id} />
      </CardContent>
    </Card>
  );
};
