import { lazy } from 'react';

/** The graph view of an environment's configuration (spec pipeline §2 `graph`), for configurators. */
export const Page = lazy(() => import('./GraphPage').then((module) => ({ default: module.GraphPage })));
export const path = 'graph';
export const title = 'app.routes.graph';
