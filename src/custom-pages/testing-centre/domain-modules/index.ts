import { lazy } from 'react';

/** The testing centre's parameters (messages-bank/parameters, spec pipeline §2): the project's domain modules. */
export const Page = lazy(() =>
  import('./DomainModulesPage').then((module) => ({ default: module.DomainModulesPage })),
);
export const path = 'messages-bank/parameters';
export const title = 'app.routes.domainModules';
