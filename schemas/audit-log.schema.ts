import type { FromSchema } from 'json-schema-to-ts';
import { defineResourceSchema } from './_defs/admin';

/**
 * What the audit log records besides resources (their x-admin `path`): settings changed through
 * routes of their own. The console names them `app.lists.resourceNames.<name>`.
 */
export const AUDITED_SETTINGS = ['environment-llm', 'extractor-settings', 'modules'] as const;

/**
 * One mutation of an organisation's records (spec platform-shell §2: organisation audit logs), as
 * the generic routes record it: who (and the platform staff member behind an impersonation),
 * what, on which record, when, and the fields it changed. Read-only: only mutations write it.
 */
export const auditLogSchema = defineResourceSchema({
  $id: 'audit-log',
  type: 'object',
  additionalProperties: false,
  properties: {
    id: { type: 'string', format: 'uuid' },
    createdAt: { type: 'string', format: 'date-time' },
    actorName: { type: ['string', 'null'] },
    impersonatorName: { type: ['string', 'null'] },
    byStaff: { type: 'boolean' },
    action: { type: 'string', enum: ['create', 'update', 'delete'] },
    resource: { type: 'string' },
    recordId: { type: 'string' },
    changes: { type: 'object' },
  },
  'x-admin': {
    scope: 'organisation',
    path: 'audit-logs',
    storage: 'table',
    listColumns: ['createdAt', 'actorName', 'impersonatorName', 'byStaff', 'action', 'resource', 'recordId'],
    searchFields: ['actorName', 'impersonatorName', 'resource', 'recordId'],
    filters: ['action', 'resource', 'byStaff', 'createdAt'],
    defaultSort: { field: 'createdAt', order: 'DESC' },
    recordRepresentation: 'recordId',
    // The resource's name in the reader's language (`reply-templates` → "Modèle de réponse").
    display: { resource: 'resourceName' },
    menu: false,
    access: { read: 'orgAdmin', write: 'staff' },
    readOnly: [
      'id',
      'createdAt',
      'actorName',
      'impersonatorName',
      'byStaff',
      'action',
      'resource',
      'recordId',
      'changes',
    ],
    operations: ['list', 'show'],
  },
});
export type AuditLog = FromSchema<typeof auditLogSchema>;
