import { lazy } from 'react';

/** Create a member of the organisation. */
export const Page = lazy(() =>
  import('./CreateUserPage').then((module) => ({ default: module.CreateUserPage })),
);
export const path = 'create-user';
export const title = 'app.routes.createUser';
