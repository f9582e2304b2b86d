import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import ArrowBack from '@mui/icons-material/ArrowBack';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import LabelOutlined from '@mui/icons-material/LabelOutlined';
import RuleOutlined from '@mui/icons-material/RuleOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { useParams } from 'react-router-dom';
import { projectPath, testingCentrePath } from '../routing/scopePaths';
import { ScopeBreadcrumb } from './chrome/ScopeBreadcrumb';
import { ScopeLayout } from './chrome/ScopeLayout';
import { SideMenu } from './chrome/SideMenu';

/**
 * Layout of a project's testing centre (spec §2), which needs the qualifier level (spec §6): the
 * message bank, its qualification, the import into it, the tests, the parameters (domain modules)
 * and the domain rules, each page with its menu entry.
 */
export const TestingCentreLayout = () => {
  const { projectId = '' } = useParams();
  return (
    <ScopeLayout
      access={{ resource: 'messages', record: { projectId } }}
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
            {
              entries: [
                {
                  to: `${testingCentrePath(projectId)}/messages-bank`,
                  labelKey: 'app.menu.messagesBank',
                  icon: <Inventory2Outlined />,
                  end: true,
                },
                {
                  to: `${testingCentrePath(projectId)}/messages-bank/qualification`,
                  labelKey: 'app.menu.qualification',
                  icon: <RuleOutlined />,
                },
                {
                  to: `${testingCentrePath(projectId)}/messages-bank/import`,
                  labelKey: 'app.menu.messagesBankImport',
                  icon: <UploadFileOutlined />,
                },
                {
                  to: `${testingCentrePath(projectId)}/messages-bank/tests`,
                  labelKey: 'app.menu.tests',
                  icon: <FactCheckOutlined />,
                },
                {
                  to: `${testingCentrePath(projectId)}/messages-bank/parameters`,
                  labelKey: 'app.menu.domainModules',
                  icon: <TuneOutlined />,
                },
                {
                  to: `${testingCentrePath(projectId)}/messages-bank/domain-rules`,
                  labelKey: 'app.menu.domainRules',
                  icon: <AccountTreeOutlined />,
                },
                {
                  to: `${testingCentrePath(projectId)}/messages-bank/classifications`,
                  labelKey: 'app.menu.classifications',
                  icon: <LabelOutlined />,
                },
              ],
            },
          ]}
        />
      }
    />
  );
};
