import { lazy } from 'react';

/**
 * The configuration area (spec pipeline §2 `configuration`): the tree of servers, contexts,
 * archetypes, interactions, interaction functions, categories and extraction fields, with the
 * selected kind's list and editor beside it.
 */
export const Page = lazy(() =>
  import('./ConfigurationPage').then((module) => ({ default: module.ConfigurationPage })),
);
export const path = 'configuration';
export const title = 'app.routes.configuration';
