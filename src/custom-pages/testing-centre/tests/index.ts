import { lazy } from 'react';

/** The tests of a project (testing-center/messages-bank/tests, spec pipeline §2): list and launch. */
export const Page = lazy(() => import('./TestsPage').then((module) => ({ default: module.TestsPage })));
export const path = 'messages-bank/tests';
export const title = 'app.routes.tests';
