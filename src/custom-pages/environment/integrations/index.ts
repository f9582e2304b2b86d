import { lazy } from 'react';

/**
 * The integrations page (env-management/integrations, spec pipeline §2, §3 "Connector"): the
 * environment's mail connectors, their health and last execution, and the wizard that creates one.
 */
export const Page = lazy(() =>
  import('./IntegrationsPage').then((module) => ({ default: module.IntegrationsPage })),
);
export const path = 'env-management/integrations';
export const title = 'app.routes.integrations';
