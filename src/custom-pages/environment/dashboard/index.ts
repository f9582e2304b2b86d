import { lazy } from 'react';

/** An environment's dashboard (spec §2 `dashboard`, §4 date filter, §6 cockpit level and above). */
export const Page = lazy(() =>
  import('./DashboardPage').then((module) => ({ default: module.DashboardPage })),
);
export const path = 'dashboard';
export const title = 'app.routes.dashboard';
