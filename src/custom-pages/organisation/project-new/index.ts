import { lazy } from 'react';

/** Create a project in the organisation. */
export const Page = lazy(() =>
  import('./ProjectNewPage').then((module) => ({ default: module.ProjectNewPage })),
);
export const path = 'project-new';
export const title = 'app.routes.projectNew';
