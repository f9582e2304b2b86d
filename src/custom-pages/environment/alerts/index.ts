import { lazy } from 'react';

/** An environment's alerts and their firings (spec §2 `dashboard/alerts`, §6 cockpit level and above). */
export const Page = lazy(() => import('./AlertsPage').then((module) => ({ default: module.AlertsPage })));
export const path = 'dashboard/alerts';
export const title = 'app.routes.alerts';
