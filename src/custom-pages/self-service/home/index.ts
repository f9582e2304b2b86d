import { lazy } from 'react';

/** Self-service index: the light user's landing page. */
export const Page = lazy(() =>
  import('./SelfServiceHomePage').then((module) => ({ default: module.SelfServiceHomePage })),
);
export const path = '';
export const title = 'app.routes.selfService';
