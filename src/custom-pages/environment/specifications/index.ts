import { lazy } from 'react';

/**
 * The environment's interface specification (specifications, spec pipeline §2): how a client system
 * sends it messages and gets their results, with this deployment's addresses and this environment's
 * modules.
 */
export const Page = lazy(() =>
  import('./SpecificationsPage').then((module) => ({ default: module.SpecificationsPage })),
);
export const path = 'specifications';
export const title = 'app.routes.specifications';
