// react-router-dom, not react-router: it is the entry react-admin imports, and under Node (tests) the
// two entries can load two copies of the router, whose <Route> elements would not recognise each other.
import { Route } from 'react-router-dom';
import * as accessKeys from '../custom-pages/environment/access-keys';
import * as alertsPage from '../custom-pages/environment/alerts';
import * as webhooks from '../custom-pages/environment/webhooks';
import * as integrations from '../custom-pages/environment/integrations';
import * as connectorPage from '../custom-pages/environment/integrations/connector';
import * as errorLog from '../custom-pages/environment/error-log';
import * as specifications from '../custom-pages/environment/specifications';
import * as analyses from '../custom-pages/environment/analyses';
import * as analysisResult from '../custom-pages/environment/analysis-result';
import * as auditLogs from '../custom-pages/organisation/audit-logs';
import * as consumption from '../custom-pages/organisation/consumption';
import * as createUser from '../custom-pages/organisation/create-user';
import * as dashboard from '../custom-pages/environment/dashboard';
import * as graph from '../custom-pages/environment/graph';
import * as classifications from '../custom-pages/testing-centre/classifications';
import * as domainModules from '../custom-pages/testing-centre/domain-modules';
import * as domainRules from '../custom-pages/testing-centre/domain-rules';
import * as editUser from '../custom-pages/organisation/edit-user';
import * as envNew from '../custom-pages/project/env-new';
import * as configuration from '../custom-pages/environment/configuration';
import * as configurationHelp from '../custom-pages/environment/configuration-help';
import * as environmentHome from '../custom-pages/environment/environment-home';
import * as extraction from '../custom-pages/environment/extraction';
import * as replyTemplates from '../custom-pages/environment/reply-templates';
import * as modules from '../custom-pages/environment/modules';
import * as moduleSettings from '../custom-pages/environment/modules/settings';
import * as nluTest from '../custom-pages/environment/nlu-test';
import * as nluLabelling from '../custom-pages/environment/nlu-labelling';
import * as environmentSettings from '../custom-pages/environment/environment-settings';
import * as extractorSettings from '../custom-pages/environment/extractor-settings';
import * as extractorTest from '../custom-pages/environment/extractor-test';
import * as ocrDataTest from '../custom-pages/environment/ocr-data-test';
import * as forgotPassword from '../custom-pages/sign-in/forgot-password';
import * as gmailCallback from '../custom-pages/integrations/gmail-callback';
import * as impersonate from '../custom-pages/account/impersonate';
import * as importExport from '../custom-pages/environment/import-export';
import * as invitation from '../custom-pages/sign-in/invitation';
import * as inviteUser from '../custom-pages/organisation/invite-user';
import * as localStorageCleaner from '../custom-pages/account/local-storage-cleaner';
import * as messagesBank from '../custom-pages/testing-centre/messages-bank';
import * as messagesBankImport from '../custom-pages/testing-centre/messages-bank/import';
import * as login from '../custom-pages/sign-in/login';
import * as organisationHome from '../custom-pages/organisation/organisation-home';
import * as organisationSettings from '../custom-pages/organisation/organisation-settings';
import * as profile from '../custom-pages/account/profile';
import * as profilePassword from '../custom-pages/account/profile-password';
import * as projectHome from '../custom-pages/project/project-home';
import * as projectNew from '../custom-pages/organisation/project-new';
import * as resetPassword from '../custom-pages/sign-in/reset-password';
import * as selfService from '../custom-pages/self-service/home';
import * as qualification from '../custom-pages/testing-centre/qualification';
import * as testComparison from '../custom-pages/testing-centre/test-compare';
import * as testResults from '../custom-pages/testing-centre/test-scores';
import * as tests from '../custom-pages/testing-centre/tests';
import * as versionsPage from '../custom-pages/project/versions';
import { LoginLayout } from '../layouts';
import { AppShell } from './AppShell';
import { EnvManagementRedirect } from './EnvManagementRedirect';
import { lazyNamed } from './lazyNamed';
import { RedirectIfSignedIn } from './RedirectIfSignedIn';
import { RequireAuth } from './RequireAuth';
import { RootIndex } from './RootIndex';
import type { PageDefinition } from './RoutePage';
import { RoutePage } from './RoutePage';
import { ScopeHomeRedirect, TestingCentreHomeRedirect } from './ScopeHomeRedirect';
import { V2Redirect } from './V2Redirect';

// Everything past the login layout is fetched on demand: the first download is the sign-in page.
const PrivateLayout = lazyNamed(() => import('../layouts/PrivateLayout'), 'PrivateLayout');
const OrganisationLayout = lazyNamed(() => import('../layouts/OrganisationLayout'), 'OrganisationLayout');
const ProjectLayout = lazyNamed(() => import('../layouts/ProjectLayout'), 'ProjectLayout');
const EnvironmentLayout = lazyNamed(() => import('../layouts/EnvironmentLayout'), 'EnvironmentLayout');
const SelfServiceLayout = lazyNamed(() => import('../layouts/SelfServiceLayout'), 'SelfServiceLayout');
const TestingCentreLayout = lazyNamed(() => import('../layouts/TestingCentreLayout'), 'TestingCentreLayout');

const testColours: PageDefinition = {
  path: 'test-colours',
  title: 'app.routes.testColours',
  Page: lazyNamed(() => import('../custom-pages/account/test-colours'), 'Page'),
};

const page = (definition: PageDefinition) =>
  definition.path === '' ? (
    <Route key="index" index element={<RoutePage page={definition} />} />
  ) : (
    <Route key={definition.path} path={definition.path} element={<RoutePage page={definition} />} />
  );

/**
 * The console's route table (spec §2), for `<CustomRoutes noLayout>`. Only routes whose page exists
 * are registered.
 */
export const appRoutes = (
  <Route element={<AppShell />}>
    <Route index element={<RootIndex />} />
    <Route path="v2/*" element={<V2Redirect />} />

    <Route element={<RedirectIfSignedIn />}>
      <Route element={<LoginLayout />}>{[login, forgotPassword, resetPassword].map(page)}</Route>
    </Route>
    {/* An invitation link works signed in or not: the invitee may share a browser with a member. */}
    <Route element={<LoginLayout />}>{page(invitation)}</Route>

    <Route element={<RequireAuth />}>
      <Route element={<PrivateLayout />}>
        {[profile, profilePassword, localStorageCleaner, testColours, impersonate].map(page)}
        {/* Google's redirect after a Gmail connector's consent: one address for every environment. */}
        {page(gmailCallback)}
      </Route>
      <Route path="orga/:orgaId" element={<OrganisationLayout />}>
        {[
          organisationHome,
          organisationSettings,
          inviteUser,
          createUser,
          editUser,
          projectNew,
          auditLogs,
          consumption,
        ].map(page)}
        <Route path="*" element={<ScopeHomeRedirect />} />
      </Route>
      <Route path="project/:projectId" element={<ProjectLayout />}>
        {[projectHome, envNew, versionsPage].map(page)}
        <Route path="*" element={<ScopeHomeRedirect />} />
      </Route>
      <Route path="project/:projectId/testing-center" element={<TestingCentreLayout />}>
        <Route index element={<TestingCentreHomeRedirect />} />
        {[
          messagesBank,
          qualification,
          messagesBankImport,
          tests,
          testResults,
          testComparison,
          domainModules,
          domainRules,
          classifications,
        ].map(page)}
        <Route path="*" element={<TestingCentreHomeRedirect />} />
      </Route>
      <Route path="project/:projectId/environment/:envId" element={<EnvironmentLayout />}>
        {[
          environmentHome,
          environmentSettings,
          importExport,
          accessKeys,
          webhooks,
          integrations,
          connectorPage,
          errorLog,
          specifications,
          analyses,
          analysisResult,
          dashboard,
          graph,
          alertsPage,
          extractorSettings,
          extractorTest,
          ocrDataTest,
          configuration,
          configurationHelp,
          nluTest,
          nluLabelling,
          extraction,
          replyTemplates,
          modules,
          moduleSettings,
        ].map(page)}
        <Route path="env-management" element={<EnvManagementRedirect />} />
        <Route path="*" element={<ScopeHomeRedirect />} />
      </Route>
      <Route path="self" element={<SelfServiceLayout />}>
        {page(selfService)}
      </Route>
    </Route>
  </Route>
);
