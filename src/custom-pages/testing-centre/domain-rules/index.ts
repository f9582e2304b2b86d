import { lazy } from 'react';

/** The testing centre's domain rules (messages-bank/domain-rules, spec pipeline §2–3). */
export const Page = lazy(() =>
  import('./DomainRulesPage').then((module) => ({ default: module.DomainRulesPage })),
);
export const path = 'messages-bank/domain-rules';
export const title = 'app.routes.domainRules';
