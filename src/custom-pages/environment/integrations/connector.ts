import { lazy } from 'react';

/**
 * A connector's detail (spec pipeline §2 "connector detail"): general information, input, output
 * and advanced settings, edited, activated, checked, run by hand and deleted, with its runs' log.
 */
export const Page = lazy(() =>
  import('./ConnectorPage').then((module) => ({ default: module.ConnectorPage })),
);
export const path = 'env-management/integrations/:connectorId';
export const title = 'app.routes.connector';
