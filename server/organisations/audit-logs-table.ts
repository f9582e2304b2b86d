import type { ResourceSchema } from '../../schemas/_defs/admin';
import { selectOf, sqlReads } from '../resources/sql-reads';
import type { ResourceStore } from '../resources/store';

const columns = {
  id: 'a.id',
  createdAt: 'a.created_at',
  // Names as they are now; a deleted account leaves its rows with no name.
  actorName: 'actor.username',
  impersonatorName: 'impersonator.username',
  // Platform staff acted, themselves or through an impersonation (spec §6: staff actions marked).
  byStaff: 'coalesce(impersonator.is_staff, actor.is_staff, false)',
  action: 'a.action',
  resource: 'a.resource',
  recordId: 'a.record_id',
  changes: 'a.changes',
};

/** Audit rows are written by the generic mutations (resources/audit.ts), never through these routes. */
const writtenByMutationsOnly = () => {
  throw new Error('Audit logs are written by mutations only');
};

/** The audit log of an organisation, for its administrators (and platform staff). */
export const auditLogsStore = (schema: ResourceSchema): ResourceStore => {
  const { reread: _reread, ...reads } = sqlReads({
    schema,
    from: `audit_logs a
           LEFT JOIN users actor ON actor.id = a.actor_id
           LEFT JOIN users impersonator ON impersonator.id = a.impersonator_id`,
    select: selectOf(columns),
    idExpr: 'a.id',
    scopeExpr: 'a.organisation_id',
    fields: columns,
  });
  return {
    ...reads,
    create: writtenByMutationsOnly,
    update: writtenByMutationsOnly,
    delete: writtenByMutationsOnly,
  };
};
