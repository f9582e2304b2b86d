import { lazy } from 'react';

/**
 * The modules page (spec pipeline §2 "a page to add and delete modules"): the pipeline's modules in
 * their order, added, ordered and deactivated.
 */
export const Page = lazy(() => import('./ModulesPage').then((module) => ({ default: module.ModulesPage })));
export const path = 'modules';
export const title = 'app.routes.modules';
