import { lazy } from 'react';

/** The project's message bank (testing-center/messages-bank, spec pipeline §2): its messages, imports. */
export const Page = lazy(() =>
  import('./MessagesBankPage').then((module) => ({ default: module.MessagesBankPage })),
);
export const path = 'messages-bank';
export const title = 'app.routes.messagesBank';
