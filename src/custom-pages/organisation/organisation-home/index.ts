import { lazy } from 'react';

/** Organisation home: the index route of the organisation layout. */
export const Page = lazy(() =>
  import('./OrganisationHomePage').then((module) => ({ default: module.OrganisationHomePage })),
);
export const path = '';
export const title = 'app.routes.home';
