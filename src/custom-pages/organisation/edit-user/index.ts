import { lazy } from 'react';

/** Edit a member of the organisation. */
export const Page = lazy(() => import('./EditUserPage').then((module) => ({ default: module.EditUserPage })));
export const path = 'edit-user/:userId';
export const title = 'app.routes.editUser';
