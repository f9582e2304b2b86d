import { lazy } from 'react';

/** Profile and preferences; loaded on demand so that the login page stays small. */
export const Page = lazy(() => import('./ProfilePage').then((module) => ({ default: module.ProfilePage })));
export const path = 'profile';
export const title = 'app.routes.profile';
