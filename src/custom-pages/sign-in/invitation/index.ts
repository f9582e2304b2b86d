import { lazy } from 'react';

/**
 * The public invitation page (login layout). Lazy, unlike the sign-in pages: few visits start here,
 * and it brings the invitation contracts (zod) with it.
 */
export const Page = lazy(() =>
  import('./InvitationPage').then((module) => ({ default: module.InvitationPage })),
);
export const path = 'invitation/:token';
export const title = 'app.routes.invitation';
