import { lazy } from 'react';

/** Import / export of an environment's configuration (env-management/import-export, spec §2). */
export const Page = lazy(() =>
  import('./ImportExportPage').then((module) => ({ default: module.ImportExportPage })),
);
export const path = 'env-management/import-export';
export const title = 'app.routes.importExport';
