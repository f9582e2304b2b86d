import { lazy } from 'react';

/** Access keys of an environment (env-management/access-keys, spec §2–3). */
export const Page = lazy(() =>
  import('./AccessKeysPage').then((module) => ({ default: module.AccessKeysPage })),
);
export const path = 'env-management/access-keys';
export const title = 'app.routes.accessKeys';
