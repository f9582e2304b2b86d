import { lazy } from 'react';

/** The organisation's consumption (spec §2): analyses over time, per project, quota and CO2. */
export const Page = lazy(() =>
  import('./ConsumptionPage').then((module) => ({ default: module.ConsumptionPage })),
);
export const path = 'consumption';
export const title = 'app.routes.consumption';
