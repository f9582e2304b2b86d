import { lazy } from 'react';

/**
 * The NLU labelling view (spec pipeline §5, the servers' labeling flag): the messages a labelling
 * server read, its labels shown, each interaction judged right or wrong, by keyboard.
 */
export const Page = lazy(() =>
  import('./NluLabellingPage').then((module) => ({ default: module.NluLabellingPage })),
);
export const path = 'nlu-labelling';
export const title = 'app.routes.nluLabelling';
