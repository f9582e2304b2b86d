import { lazy } from 'react';

/** Change password, from the profile. */
export const Page = lazy(() =>
  import('./ProfilePasswordPage').then((module) => ({ default: module.ProfilePasswordPage })),
);
export const path = 'profile/password';
export const title = 'app.routes.profilePassword';
