import { lazy } from 'react';

/** The analyses of an environment (analyses, spec §2): the live list and the ways to launch one. */
export const Page = lazy(() => import('./AnalysesPage').then((module) => ({ default: module.AnalysesPage })));
export const path = 'analyses';
export const title = 'app.routes.analyses';
