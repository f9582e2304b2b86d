import { lazy } from 'react';

/** The project's classification settings (messages-bank/classifications, spec pipeline §3): value types, ignored, private. */
export const Page = lazy(() =>
  import('./ClassificationsPage').then((module) => ({ default: module.ClassificationsPage })),
);
export const path = 'messages-bank/classifications';
export const title = 'app.routes.classifications';
