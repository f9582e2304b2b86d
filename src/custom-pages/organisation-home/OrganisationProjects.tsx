import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import type { Project } from '../../../schemas/contracts/tenancy';
import { CallErrorAlert } from '../../components/CallErrorAlert';
import { PageLoader } from '../../components/PageLoader';
import type { CallState } from '../../providers/useCall';
import { getResource } from '../../resources/registry';
import { useResourceAccess } from '../../resources/useResourceAccess';
import { organisationPath } from '../../routing/scopePaths';
import { ProjectEnvironmentsCard } from './ProjectEnvironmentsCard';

const projects = getResource('projects');

export interface OrganisationProjectsProps {
  orgaId: string;
  /** The projects call, started by the page together with the organisation's. */
  list: CallState<Project[]> & { retry: () => void };
  heading: boolean;
}

/** The organisation's projects with their environments, and creating one for organisation admins. */
export const OrganisationProjects = ({ orgaId, list, heading }: OrganisationProjectsProps) => {
  const translate = useTranslate();
  const canCreate = useResourceAccess(projects, { organisationId: orgaId }).create;

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        {heading ? (
          <Typography variant="h5" component="h2" sx={{ flex: 1 }}>
            {translate('app.organisation.projects')}
          </Typography>
        ) : null}
        {canCreate ? (
          <Button
            variant="contained"
            startIcon={<Add />}
            component={Link}
            to={`${organisationPath(orgaId)}/project-new`}
          >
            {translate('app.menu.newProject')}
          </Button>
        ) : null}
      </Stack>
      {list.status === 'pending' ? <PageLoader /> : null}
      {list.status === 'error' ? <CallErrorAlert error={list.error} onRetry={list.retry} /> : null}
      {list.status === 'success' && list.data.length === 0 ? (
        <Typography color="text.secondary">{translate('app.organisation.noProjects')}</Typography>
      ) : null}
      {list.status === 'success'
        ? list.data.map((project) => <ProjectEnvironmentsCard key={project.id} project={project} />)
        : null}
    </Stack>
  );
};
