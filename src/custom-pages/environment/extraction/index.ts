import { lazy } from 'react';

/**
 * The information extraction module's page (spec pipeline §2, "Information extraction parameters
 * (tabs: interface, tests, documentation)"): its fields, a test on a text, and what each field does.
 */
export const Page = lazy(() =>
  import('./ExtractionPage').then((module) => ({ default: module.ExtractionPage })),
);
export const path = 'extraction';
export const title = 'app.routes.extraction';
