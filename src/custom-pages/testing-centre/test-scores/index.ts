import { lazy } from 'react';

/** One test's results (testing-center/messages-bank/tests/{testId}, spec pipeline §2): its scores. */
export const Page = lazy(() =>
  import('./TestResultsPage').then((module) => ({ default: module.TestResultsPage })),
);
export const path = 'messages-bank/tests/:testId';
export const title = 'app.routes.testResults';
