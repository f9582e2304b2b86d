import { lazy } from 'react';

/**
 * The qualification panel (testing-center/messages-bank/qualification, spec pipeline §2): overview,
 * detailed view and labelling of the bank's expectations.
 */
export const Page = lazy(() =>
  import('./QualificationPage').then((module) => ({ default: module.QualificationPage })),
);
export const path = 'messages-bank/qualification';
export const title = 'app.routes.qualification';
