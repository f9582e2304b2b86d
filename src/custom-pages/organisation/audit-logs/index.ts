import { lazy } from 'react';

/** Organisation audit logs (spec §2): the generated list of the audit-log resource. */
export const Page = lazy(() =>
  import('./AuditLogsPage').then((module) => ({ default: module.AuditLogsPage })),
);
export const path = 'audit-logs';
export const title = 'app.routes.auditLogs';
