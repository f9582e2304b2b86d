import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import type { Project } from '../../../../schemas/contracts/tenancy';
import type { CurrentUser } from '../../../../schemas/contracts/auth';
import { CallErrorAlert } from '../../../components/CallErrorAlert';
import { PageLoader } from '../../../components/PageLoader';
import { useCurrentUser } from '../../../providers/ServicesContext';
import type { CallState } from '../../../providers/useCall';
import { getResource } from '../../../resources/registry';
import { useResourceAccess } from '../../../resources/useResourceAccess';
import { organisationPath } from '../../../routing/scopePaths';
import { ProjectEnvironmentsCard } from './ProjectEnvironmentsCard';
import { marksOf } from './ProjectMarks';

const projects = getResource('projects');

/** The user's favourites first, then by name. */
const favouritesFirst = (list: Project[], user: CurrentUser | undefined): Project[] =>
  [...list].sort(
    (a, b) =>
      Number(marksOf(user, b).favourite) - Number(marksOf(user, a).favourite) || a.name.localeCompare(b.name),
  );

export interface OrganisationProjectsProps {
  orgaId: string;
  /** The projects call, started by the page together with the organisation's. */
  list: CallState<Project[]> & { retry: () => void };
  heading: boolean;
}

/**
 * The organisation's projects with their environments (the user's favourites first), and creating
 * one for organisation admins.
 */
export const OrganisationProjects = ({ orgaId, list, heading }: OrganisationProjectsProps) => {
  const translate = useTranslate();
  const canCreate = useResourceAccess(projects, { organisationId: orgaId }).create;
  const user = useCurrentUser();

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
        ? favouritesFirst(list.data, user).map((project) => (
            <ProjectEnvironmentsCard key={project.id} project={project} />
          ))
        : null}
    </Stack>
  );
};
