import { lazy } from 'react';

/**
 * The reply templates page (spec pipeline §2, "Reply templates: list, editor (tabs: includes,
 * templates list, tests, documentation, errors)"): the templates, how they include each other, a
 * test on a text, what a template can read and write, and the errors of analyses.
 */
export const Page = lazy(() =>
  import('./ReplyTemplatesPage').then((module) => ({ default: module.ReplyTemplatesPage })),
);
export const path = 'reply-templates';
export const title = 'app.routes.replyTemplates';
