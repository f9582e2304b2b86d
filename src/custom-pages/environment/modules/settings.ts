import { lazy } from 'react';

/**
 * A module's settings page (spec pipeline §2 "settings pages per module"; §3: name, context, input
 * type, and for the categorization its default categories).
 */
export const Page = lazy(() =>
  import('./ModuleSettingsPage').then((module) => ({ default: module.ModuleSettingsPage })),
);
export const path = 'modules/:type';
export const title = 'app.routes.moduleSettings';
