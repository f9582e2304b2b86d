import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { Identifier } from 'react-admin';
import { useTranslate } from 'react-admin';
import { useParams, useSearchParams } from 'react-router-dom';
import { getOrganisation, listProjects } from '../../../../schemas/contracts/tenancy';
import { CallErrorAlert } from '../../../components/CallErrorAlert';
import { PageLoader } from '../../../components/PageLoader';
import { useCall } from '../../../providers/useCall';
import type { ResourceLinks } from '../../../resources/types';
import { useScopeSections } from '../../../resources/useScopeSections';
import { organisationPath } from '../../../routing/scopePaths';
import { OrganisationProjects } from './OrganisationProjects';
import { OrganisationSummary } from './OrganisationSummary';

/** The pages of the organisation layout where members and invitations are created and edited. */
const sectionLinks = (orgaId: string): Record<string, ResourceLinks> => {
  const home = organisationPath(orgaId);
  return {
    members: {
      create: `${home}/create-user`,
      edit: (id: Identifier) => `${home}/edit-user/${encodeURIComponent(String(id))}`,
    },
    invitations: { create: `${home}/invite-user` },
  };
};

/**
 * Organisation home (spec §2): its contract, then its projects and — as tabs, for those whose role
 * lists them — the organisation's other sections (members, invitations: x-admin `menu`). The tab is
 * in the address (`?tab=members`) so the menu can link to it.
 */
export const OrganisationHomePage = () => {
  const translate = useTranslate();
  const { orgaId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const scope = { organisationId: orgaId };
  const organisation = useCall(getOrganisation, { params: { orgId: orgaId } });
  const projects = useCall(listProjects, {
    query: { filter: JSON.stringify({ organisationId: orgaId }), sort: JSON.stringify(['name', 'ASC']) },
  });
  const sections = useScopeSections('organisation', scope).sections.filter(
    (resource) => resource.name !== 'projects',
  );
  const current = sections.find((resource) => resource.name === search.get('tab'));

  if (organisation.status === 'pending') return <PageLoader />;
  if (organisation.status === 'error')
    return <CallErrorAlert error={organisation.error} onRetry={organisation.retry} />;
  const List = current?.list;

  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        {organisation.data.name}
      </Typography>
      <OrganisationSummary organisation={organisation.data} />
      {sections.length > 0 ? (
        <Tabs
          value={current?.name ?? 'projects'}
          onChange={(_event, tab: string) => setSearch(tab === 'projects' ? {} : { tab })}
          aria-label={translate('app.organisation.sections')}
        >
          <Tab value="projects" label={translate('app.organisation.projects')} />
          {sections.map((resource) => (
            <Tab
              key={resource.name}
              value={resource.name}
              label={translate(`resources.${resource.name}.name`, { smart_count: 2 })}
            />
          ))}
        </Tabs>
      ) : null}
      {current && List ? (
        <List resource={current} scope={scope} links={sectionLinks(orgaId)[current.name]} />
      ) : (
        <OrganisationProjects orgaId={orgaId} list={projects} heading={sections.length === 0} />
      )}
    </Stack>
  );
};
