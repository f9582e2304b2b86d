import { lazy } from 'react';

/** Import into the message bank as a page (testing-center/messages-bank/import, spec pipeline §2). */
export const Page = lazy(() => import('../ImportPage').then((module) => ({ default: module.ImportPage })));
export const path = 'messages-bank/import';
export const title = 'app.routes.messagesBankImport';
