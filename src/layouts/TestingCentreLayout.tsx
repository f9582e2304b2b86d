import ArrowBack from '@mui/icons-material/ArrowBack';
import { useParams } from 'react-router-dom';
import { projectPath } from '../routing/scopePaths';
import { ScopeBreadcrumb } from './chrome/ScopeBreadcrumb';
import { ScopeLayout } from './chrome/ScopeLayout';
import { SideMenu } from './chrome/SideMenu';

/**
 * Layout of a project's testing centre (spec §2), which needs the qualifier level (spec §6). No route
 * uses it yet: its pages (messages bank, qualification, tests…) will each add their menu entry.
 */
export const TestingCentreLayout = () => {
  const { projectId = '' } = useParams();
  return (
    <ScopeLayout
      access={{ resource: 'messages-bank', record: { projectId } }}
      context={<ScopeBreadcrumb />}
      menu={
        <SideMenu
          labelKey="app.layouts.testingCentreMenu"
          sections={[
            {
              entries: [
                {
                  to: projectPath(projectId),
                  labelKey: 'app.menu.backToProject',
                  icon: <ArrowBack />,
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
