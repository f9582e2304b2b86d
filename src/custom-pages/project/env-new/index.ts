import { lazy } from 'react';

/** Create an environment in the project. */
export const Page = lazy(() => import('./EnvNewPage').then((module) => ({ default: module.EnvNewPage })));
export const path = 'env-new';
export const title = 'app.routes.envNew';
