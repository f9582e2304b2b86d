import { lazy } from 'react';

/** Versions of the project's environments (spec §2: the project layout's versions). */
export const Page = lazy(() => import('./VersionsPage').then((module) => ({ default: module.VersionsPage })));
export const path = 'versions';
export const title = 'app.routes.versions';
