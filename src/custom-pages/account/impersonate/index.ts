import { lazy } from 'react';

/** Impersonation (ghosting, spec §6): platform staff act as a user in one of their environments. */
export const Page = lazy(() =>
  import('./ImpersonatePage').then((module) => ({ default: module.ImpersonatePage })),
);
export const path = 'impersonate';
export const title = 'app.routes.impersonate';
