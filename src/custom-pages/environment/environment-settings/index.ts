import { lazy } from 'react';

/** Environment settings (env-management/settings, spec §2): the generated edit form of the environment. */
export const Page = lazy(() =>
  import('./EnvironmentSettingsPage').then((module) => ({ default: module.EnvironmentSettingsPage })),
);
export const path = 'env-management/settings';
export const title = 'app.routes.environmentSettings';
