import { lazy } from 'react';

/** Webhooks of an environment and their delivery log (env-management/webhooks, spec §2–4). */
export const Page = lazy(() => import('./WebhooksPage').then((module) => ({ default: module.WebhooksPage })));
export const path = 'env-management/webhooks';
export const title = 'app.routes.webhooks';
