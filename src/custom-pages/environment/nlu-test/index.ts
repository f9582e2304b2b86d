import { lazy } from 'react';

/** The NLU test page (spec pipeline §2): a text read by the chosen servers, matches highlighted. */
export const Page = lazy(() => import('./NluTestPage').then((module) => ({ default: module.NluTestPage })));
export const path = 'nlu-test';
export const title = 'app.routes.nluTest';
