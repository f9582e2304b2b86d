import { lazy } from 'react';

/** LocalStorage Cleaner, a signed-in utility page. */
export const Page = lazy(() =>
  import('./LocalStorageCleanerPage').then((module) => ({ default: module.LocalStorageCleanerPage })),
);
export const path = 'utils/local-storage-cleaner';
export const title = 'app.routes.localStorageCleaner';
