// react-router-dom, not react-router: it is the entry react-admin imports, and under Node (tests) the
// two entries can load two copies of the router, whose <Route> elements would not recognise each other.
import { Route } from 'react-router-dom';
import * as accessKeys from '../custom-pages/access-keys';
import * as alertsPage from '../custom-pages/alerts';
import * as webhooks from '../custom-pages/webhooks';
import * as errorLog from '../custom-pages/error-log';
import * as analyses from '../custom-pages/analyses';
import * as analysisResult from '../custom-pages/analysis-result';
import * as auditLogs from '../custom-pages/audit-logs';
import * as consumption from '../custom-pages/consumption';
import * as createUser from '../custom-pages/create-user';
import * as dashboard from '../custom-pages/dashboard';
import * as graph from '../custom-pages/graph';
import * as domainModules from '../custom-pages/domain-modules';
import * as domainRules from '../custom-pages/domain-rules';
import * as editUser from '../custom-pages/edit-user';
import * as envNew from '../custom-pages/env-new';
import * as configuration from '../custom-pages/configuration';
import * as configurationHelp from '../custom-pages/configuration-help';
import * as environmentHome from '../custom-pages/environment-home';
import * as extraction from '../custom-pages/extraction';
import * as replyTemplates from '../custom-pages/reply-templates';
import * as modules from '../custom-pages/modules';
import * as moduleSettings from '../custom-pages/modules/settings';
import * as nluTest from '../custom-pages/nlu-test';
import * as environmentSettings from '../custom-pages/environment-settings';
import * as extractorSettings from '../custom-pages/extractor-settings';
import * as extractorTest from '../custom-pages/extractor-test';
import * as ocrDataTest from '../custom-pages/ocr-data-test';
import * as forgotPassword from '../custom-pages/forgot-password';
import * as impersonate from '../custom-pages/impersonate';
import * as importExport from '../custom-pages/import-export';
import * as invitation from '../custom-pages/invitation';
import * as inviteUser from '../custom-pages/invite-user';
import * as localStorageCleaner from '../custom-pages/local-storage-cleaner';
import * as messagesBank from '../custom-pages/messages-bank';
import * as messagesBankImport from '../custom-pages/messages-bank/import';
import * as login from '../custom-pages/login';
import * as organisationHome from '../custom-pages/organisation-home';
import * as organisationSettings from '../custom-pages/organisation-settings';
import * as profile from '../custom-pages/profile';
import * as profilePassword from '../custom-pages/profile-password';
import * as projectHome from '../custom-pages/project-home';
import * as projectNew from '../custom-pages/project-new';
import * as resetPassword from '../custom-pages/reset-password';
import * as selfService from '../custom-pages/self-service';
import * as qualification from '../custom-pages/qualification';
import * as testComparison from '../custom-pages/test-compare';
import * as testResults from '../custom-pages/test-scores';
import * as tests from '../custom-pages/tests';
import * as versionsPage from '../custom-pages/versions';
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
  Page: lazyNamed(() => import('../custom-pages/test-colours'), 'Page'),
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
          errorLog,
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
