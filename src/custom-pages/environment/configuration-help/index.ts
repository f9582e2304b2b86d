import { lazy } from 'react';

/** The user documentation of the engine's semantics (docs/nlu.md, nlu.fr.md), linked from the configuration area. */
export const Page = lazy(() =>
  import('./ConfigurationHelpPage').then((module) => ({ default: module.ConfigurationHelpPage })),
);
export const path = 'configuration/help';
export const title = 'app.routes.configurationHelp';
