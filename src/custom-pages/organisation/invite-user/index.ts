import { lazy } from 'react';

/** Invite a user into the organisation. */
export const Page = lazy(() =>
  import('./InviteUserPage').then((module) => ({ default: module.InviteUserPage })),
);
export const path = 'invite-user';
export const title = 'app.routes.inviteUser';
