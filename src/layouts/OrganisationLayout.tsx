import HomeOutlined from '@mui/icons-material/HomeOutlined';
import { useParams } from 'react-router-dom';
import { organisationPath } from '../routing/scopePaths';
import { ScopeBreadcrumb } from './chrome/ScopeBreadcrumb';
import { ScopeLayout } from './chrome/ScopeLayout';
import { SideMenu } from './chrome/SideMenu';

/** Layout of `/orga/:orgaId` (spec §2); its menu grows as the organisation pages are built. */
export const OrganisationLayout = () => {
  const { orgaId = '' } = useParams();
  return (
    <ScopeLayout
      access={{ resource: 'organisations', record: { id: orgaId } }}
      context={<ScopeBreadcrumb />}
      menu={
        <SideMenu
          labelKey="app.layouts.organisationMenu"
          sections={[
            {
              entries: [
                {
                  to: organisationPath(orgaId),
                  labelKey: 'app.menu.home',
                  icon: <HomeOutlined />,
                  end: true,
                },
              ],
            },
          ]}
        />
      }
    />
  );
};
