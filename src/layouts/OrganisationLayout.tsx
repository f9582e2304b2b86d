import { useParams } from 'react-router-dom';
import { ScopeBreadcrumb } from './chrome/ScopeBreadcrumb';
import { ScopeLayout } from './chrome/ScopeLayout';
import { SideMenu } from './chrome/SideMenu';
import { useOrganisationMenu } from './useOrganisationMenu';

const OrganisationMenu = ({ orgaId }: { orgaId: string }) => (
  <SideMenu labelKey="app.layouts.organisationMenu" sections={useOrganisationMenu(orgaId)} />
);

/** Layout of `/orga/:orgaId` (spec §2): home with its sections, and the administration pages. */
export const OrganisationLayout = () => {
  const { orgaId = '' } = useParams();
  return (
    <ScopeLayout
      access={{ resource: 'organisations', record: { id: orgaId } }}
      context={<ScopeBreadcrumb />}
      menu={<OrganisationMenu orgaId={orgaId} />}
    />
  );
};
