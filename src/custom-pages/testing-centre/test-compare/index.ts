import { lazy } from 'react';

/** Two runs compared message by message (testing-center/messages-bank/tests/{testId}/compare/{otherId}). */
export const Page = lazy(() =>
  import('./CompareTestsPage').then((module) => ({ default: module.CompareTestsPage })),
);
export const path = 'messages-bank/tests/:testId/compare/:otherId';
export const title = 'app.routes.testComparison';
