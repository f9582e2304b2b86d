import { lazy } from 'react';

/** The extractor module's settings (extractor, spec §2 "Settings pages per module"). */
export const Page = lazy(() =>
  import('./ExtractorSettingsPage').then((module) => ({ default: module.ExtractorSettingsPage })),
);
export const path = 'extractor';
export const title = 'app.routes.extractor';
