import { lazy } from 'react';

/** Organisation settings: the generated edit form of the organisation. */
export const Page = lazy(() =>
  import('./OrganisationSettingsPage').then((module) => ({ default: module.OrganisationSettingsPage })),
);
export const path = 'settings';
export const title = 'app.routes.organisationSettings';
