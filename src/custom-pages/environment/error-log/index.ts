import { lazy } from 'react';

/** The environment's error log (error-log, spec pipeline §2): failed steps and failed deliveries. */
export const Page = lazy(() => import('./ErrorLogPage').then((module) => ({ default: module.ErrorLogPage })));
export const path = 'error-log';
export const title = 'app.routes.errorLog';
