import { randomUUID } from 'node:crypto';
import type { Queryable } from '../kernel/db';

export type AuditAction = 'create' | 'update' | 'delete';

export interface AuditEntry {
  organisationId: string | undefined;
  /** Undefined only for an invitation declined through its link (nobody signed in). */
  actorId: string | undefined;
  impersonatorId?: string;
  action: AuditAction;
  /** The resource's path (`projects`, `members`…), as the console names it. */
  resource: string;
  recordId: string;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
}

/** Values that must never reach the log; that they changed is still recorded. */
const SECRET = /password|secret|token/i;
/** Set by the server on every write: they say nothing the row's own fields do not. */
const IGNORED = new Set(['id', 'createdAt', 'updatedAt']);

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The changed fields: `{ field: { before, after } }` (create has no before, delete no after), so
 * that a deleted record can be read back from its log row.
 */
export const changesOf = (before?: Record<string, unknown>, after?: Record<string, unknown>) => {
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changes: Record<string, unknown> = {};
  for (const field of fields) {
    if (IGNORED.has(field) || same(before?.[field], after?.[field])) continue;
    changes[field] = SECRET.test(field)
      ? { redacted: true }
      : {
          ...(before ? { before: before[field] ?? null } : {}),
          ...(after ? { after: after[field] ?? null } : {}),
        };
  }
  return changes;
};

/**
 * Writes one audit-log row, in the caller's transaction: the row exists exactly when the
 * mutation does. Both identities are kept when platform staff act as someone (DESIGN.md §5).
 */
export const writeAudit = async (q: Queryable, entry: AuditEntry): Promise<void> => {
  await q.query(
    `INSERT INTO audit_logs (id, organisation_id, actor_id, impersonator_id, action, resource, record_id, changes)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb)`,
    [
      randomUUID(),
      entry.organisationId ?? null,
      entry.actorId ?? null,
      entry.impersonatorId ?? null,
      entry.action,
      entry.resource,
      entry.recordId,
      JSON.stringify(changesOf(entry.before, entry.after)),
    ],
  );
};
