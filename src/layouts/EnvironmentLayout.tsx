import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import HubOutlined from '@mui/icons-material/HubOutlined';
import IntegrationInstructionsOutlined from '@mui/icons-material/IntegrationInstructionsOutlined';
import DocumentScannerOutlined from '@mui/icons-material/DocumentScannerOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import MergeTypeOutlined from '@mui/icons-material/MergeTypeOutlined';
import SpellcheckOutlined from '@mui/icons-material/SpellcheckOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import ViewModuleOutlined from '@mui/icons-material/ViewModuleOutlined';
import DataObjectOutlined from '@mui/icons-material/DataObjectOutlined';
import PsychologyOutlined from '@mui/icons-material/PsychologyOutlined';
import ReplyOutlined from '@mui/icons-material/ReplyOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import InsertChartOutlined from '@mui/icons-material/InsertChartOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import ImportExportOutlined from '@mui/icons-material/ImportExportOutlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import WebhookOutlined from '@mui/icons-material/WebhookOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import TextSnippetOutlined from '@mui/icons-material/TextSnippetOutlined';
import OutputOutlined from '@mui/icons-material/OutputOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import PlaylistAddCheckOutlined from '@mui/icons-material/PlaylistAddCheckOutlined';
import { useCanAccess } from 'react-admin';
import { useParams } from 'react-router-dom';
import { getResource } from '../resources/registry';
import { scopedCheck, useResourceAccess } from '../resources/useResourceAccess';
import { environmentPath, testingCentrePath } from '../routing/scopePaths';
import { useEnvironmentGone } from '../routing/useEnvironmentGone';
import { ScopeBreadcrumb } from './chrome/ScopeBreadcrumb';
import { ScopeLayout } from './chrome/ScopeLayout';
import { SideMenu } from './chrome/SideMenu';

/**
 * Layout of `/project/:projectId/environment/:envId` (spec §2). The spec's long environment menu
 * (graph, NLU, categorisation…) gets each entry with its page: the home and the analyses for all
 * who see the environment, and its dashboard (cockpit level and above, spec §2 `dashboard`); the error log for qualifiers and above; the extractor module (its test
 * page opens from it) and the settings for those who may change them (configurators).
 */
export const EnvironmentLayout = () => {
  const { projectId = '', envId = '' } = useParams();
  useEnvironmentGone(projectId, envId);
  const canEdit = useResourceAccess(getResource('environments'), { projectId }, envId).edit;
  // The error log is for qualifiers and above, as the deliveries it lists.
  const canReadErrors = useCanAccess(scopedCheck('list', 'error-log', { projectId })).canAccess === true;
  // The dashboard is for cockpit viewers and above (spec §6).
  const canSeeDashboard = useCanAccess(scopedCheck('list', 'dashboard', { projectId })).canAccess === true;
  const home = environmentPath(projectId, envId);
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
                { to: home, labelKey: 'app.menu.home', icon: <HomeOutlined />, end: true },
                { to: `${home}/analyses`, labelKey: 'app.menu.analyses', icon: <FactCheckOutlined /> },
                ...(canSeeDashboard
                  ? [
                      {
                        to: `${home}/dashboard`,
                        labelKey: 'app.menu.dashboard',
                        icon: <InsertChartOutlined />,
                      },
                    ]
                  : []),
                ...(canReadErrors
                  ? [
                      { to: `${home}/error-log`, labelKey: 'app.routes.errorLog', icon: <ErrorOutline /> },
                      // The NLU labelling view, for qualifiers and above (they judge the analyses).
                      {
                        to: `${home}/nlu-labelling`,
                        labelKey: 'app.menu.nluLabelling',
                        icon: <SpellcheckOutlined />,
                      },
                      // The project's test sets, in its testing centre (qualifiers and above, as the bank).
                      {
                        to: `${testingCentrePath(projectId)}/messages-bank/tests?view=sets`,
                        labelKey: 'app.menu.testSets',
                        icon: <PlaylistAddCheckOutlined />,
                      },
                    ]
                  : []),
                ...(canEdit
                  ? [
                      { to: `${home}/graph`, labelKey: 'app.menu.graph', icon: <HubOutlined /> },
                      {
                        to: `${home}/modules`,
                        labelKey: 'app.menu.modules',
                        icon: <ViewModuleOutlined />,
                      },
                      {
                        to: `${home}/configuration`,
                        labelKey: 'app.menu.configuration',
                        icon: <AccountTreeOutlined />,
                      },
                      { to: `${home}/nlu-test`, labelKey: 'app.menu.nluTest', icon: <PsychologyOutlined /> },
                      {
                        to: `${home}/extraction`,
                        labelKey: 'app.menu.extraction',
                        icon: <DataObjectOutlined />,
                      },
                      {
                        to: `${home}/reply-templates`,
                        labelKey: 'app.menu.replyTemplates',
                        icon: <ReplyOutlined />,
                      },
                      {
                        to: `${home}/extractor`,
                        labelKey: 'app.menu.extractor',
                        icon: <TextSnippetOutlined />,
                      },
                      {
                        to: `${home}/modules/ocrDataExtraction`,
                        labelKey: 'app.menu.ocrData',
                        icon: <DocumentScannerOutlined />,
                      },
                      {
                        to: `${home}/modules/postProcessing`,
                        labelKey: 'app.menu.postProcessing',
                        icon: <TuneOutlined />,
                      },
                      {
                        to: `${home}/modules/consolidation`,
                        labelKey: 'app.menu.consolidation',
                        icon: <MergeTypeOutlined />,
                      },
                      {
                        to: `${home}/modules/output`,
                        labelKey: 'app.menu.outputFormatting',
                        icon: <OutputOutlined />,
                      },
                      {
                        to: `${home}/env-management/settings`,
                        labelKey: 'app.menu.environmentSettings',
                        icon: <SettingsOutlined />,
                      },
                      {
                        to: `${home}/env-management/import-export`,
                        labelKey: 'app.routes.importExport',
                        icon: <ImportExportOutlined />,
                      },
                      {
                        to: `${home}/env-management/access-keys`,
                        labelKey: 'app.routes.accessKeys',
                        icon: <KeyOutlined />,
                      },
                      {
                        to: `${home}/env-management/webhooks`,
                        labelKey: 'app.routes.webhooks',
                        icon: <WebhookOutlined />,
                      },
                      {
                        to: `${home}/env-management/integrations`,
                        labelKey: 'app.routes.integrations',
                        icon: <IntegrationInstructionsOutlined />,
                      },
                      {
                        to: `${home}/specifications`,
                        labelKey: 'app.routes.specifications',
                        icon: <DescriptionOutlined />,
                      },
                    ]
                  : []),
              ],
            },
          ]}
        />
      }
    />
  );
};
