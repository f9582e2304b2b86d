import AddCircleOutline from '@mui/icons-material/AddCircleOutline';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import Layers from '@mui/icons-material/LayersOutlined';
import { useParams } from 'react-router-dom';
import { listEnvironments } from '../../schemas/contracts/tenancy';
import { useCall } from '../providers/useCall';
import { getResource } from '../resources/registry';
import { useResourceAccess } from '../resources/useResourceAccess';
import { environmentPath, projectPath, testingCentrePath } from '../routing/scopePaths';
import { ScopeBreadcrumb } from './chrome/ScopeBreadcrumb';
import { ScopeLayout } from './chrome/ScopeLayout';
import { SideMenu } from './chrome/SideMenu';

/**
 * The project's home and its environments, and creating one for those whose level allows it
 * (configurators, spec §6): qualifiers and cockpit viewers see no configuration entries.
 */
const ProjectMenu = ({ projectId }: { projectId: string }) => {
  const environments = useCall(listEnvironments, { params: { projectId } });
  const canCreate = useResourceAccess(getResource('environments'), { projectId }).create;
  const canVersion = useResourceAccess(getResource('versions'), { projectId }).list;
  // The testing centre needs the qualifier level (spec §6).
  const canTest = useResourceAccess(getResource('messages'), { projectId }).list;
  return (
    <SideMenu
      labelKey="app.layouts.projectMenu"
      sections={[
        {
          entries: [
            { to: projectPath(projectId), labelKey: 'app.menu.home', icon: <HomeOutlined />, end: true },
            ...(canCreate
              ? [
                  {
                    to: `${projectPath(projectId)}/env-new`,
                    labelKey: 'app.menu.newEnvironment',
                    icon: <AddCircleOutline />,
                  },
                ]
              : []),
            ...(canVersion
              ? [
                  {
                    to: `${projectPath(projectId)}/versions`,
                    labelKey: 'app.routes.versions',
                    icon: <HistoryOutlined />,
                  },
                ]
              : []),
            ...(canTest
              ? [
                  {
                    to: testingCentrePath(projectId),
                    labelKey: 'app.menu.testingCentre',
                    icon: <FactCheckOutlined />,
                  },
                ]
              : []),
          ],
        },
        {
          titleKey: 'app.menu.environments',
          entries: (environments.data ?? []).map((environment) => ({
            to: environmentPath(projectId, environment.id),
            label: environment.name,
            icon: <Layers />,
          })),
        },
      ]}
    />
  );
};

/** Layout of `/project/:projectId` (spec §2). */
export const ProjectLayout = () => {
  const { projectId = '' } = useParams();
  return (
    <ScopeLayout
      access={{ resource: 'projects', record: { id: projectId } }}
      context={<ScopeBreadcrumb />}
      menu={<ProjectMenu projectId={projectId} />}
    />
  );
};
