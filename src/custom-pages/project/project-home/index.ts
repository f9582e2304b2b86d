import { lazy } from 'react';

/** Project home: the index route of the project layout. */
export const Page = lazy(() =>
  import('./ProjectHomePage').then((module) => ({ default: module.ProjectHomePage })),
);
export const path = '';
export const title = 'app.routes.home';
