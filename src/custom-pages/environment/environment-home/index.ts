import { lazy } from 'react';

/** Environment home: the index route of the environment layout. */
export const Page = lazy(() =>
  import('./EnvironmentHomePage').then((module) => ({ default: module.EnvironmentHomePage })),
);
export const path = '';
export const title = 'app.routes.home';
