import { lazy } from 'react';

/** The result of one analysis (analyses/{id}, spec §2): status, actions, message, preview, attachments, trace. */
export const Page = lazy(() =>
  import('./AnalysisResultPage').then((module) => ({ default: module.AnalysisResultPage })),
);
export const path = 'analyses/:analysisId';
export const title = 'app.routes.analysisResult';
