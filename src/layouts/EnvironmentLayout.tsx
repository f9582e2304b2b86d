import HomeOutlined from '@mui/icons-material/HomeOutlined';
import { useParams } from 'react-router-dom';
import { environmentPath } from '../routing/scopePaths';
import { ScopeBreadcrumb } from './chrome/ScopeBreadcrumb';
import { ScopeLayout } from './chrome/ScopeLayout';
import { SideMenu } from './chrome/SideMenu';

/**
 * Layout of `/project/:projectId/environment/:envId` (spec §2). The spec's long environment menu
 * (graph, NLU, categorisation…) gets each entry with its page; only the home exists yet.
 */
export const EnvironmentLayout = () => {
  const { projectId = '', envId = '' } = useParams();
  return (
    <ScopeLayout
      access={{ resource: 'environments', record: { id: envId, projectId } }}
      context={<ScopeBreadcrumb />}
      menu={
        <SideMenu
          labelKey="app.layouts.environmentMenu"
          sections={[
            {
              entries: [
                {
                  to: environmentPath(projectId, envId),
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
