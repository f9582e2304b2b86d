import { lazy } from 'react';

/** The extractor test page (extractor/test, spec §2): one file read with the saved settings. */
export const Page = lazy(() =>
  import('./ExtractorTestPage').then((module) => ({ default: module.ExtractorTestPage })),
);
export const path = 'extractor/test';
export const title = 'app.routes.extractorTest';
