import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { getOrganisation, listProjects } from '../../../schemas/contracts/tenancy';
import { CallErrorAlert } from '../../components/CallErrorAlert';
import { PageLoader } from '../../components/PageLoader';
import { useCall } from '../../providers/useCall';
import { OrganisationSummary } from './OrganisationSummary';
import { ProjectEnvironmentsCard } from './ProjectEnvironmentsCard';

/** Organisation home (spec §2): its contract, and its projects with their environments. */
export const OrganisationHomePage = () => {
  const translate = useTranslate();
  const { orgaId = '' } = useParams();
  const organisation = useCall(getOrganisation, { params: { orgId: orgaId } });
  const projects = useCall(listProjects, {
    query: { filter: JSON.stringify({ organisationId: orgaId }), sort: JSON.stringify(['name', 'ASC']) },
  });

  if (organisation.status === 'pending') return <PageLoader />;
  if (organisation.status === 'error')
    return <CallErrorAlert error={organisation.error} onRetry={organisation.retry} />;

  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        {organisation.data.name}
      </Typography>
      <OrganisationSummary organisation={organisation.data} />
      <Typography variant="h5" component="h2">
        {translate('app.organisation.projects')}
      </Typography>
      {projects.status === 'pending' ? <PageLoader /> : null}
      {projects.status === 'error' ? (
        <CallErrorAlert error={projects.error} onRetry={projects.retry} />
      ) : null}
      {projects.status === 'success' && projects.data.length === 0 ? (
        <Typography color="text.secondary">{translate('app.organisation.noProjects')}</Typography>
      ) : null}
      {projects.status === 'success' ? (
        <Stack spacing={2}>
          {projects.data.map((project) => (
            <ProjectEnvironmentsCard key={project.id} project={project} />
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
};
