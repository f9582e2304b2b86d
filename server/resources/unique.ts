import type { ErrorCode } from '../../schemas/error-codes';
import { ClientError } from '../kernel/http/errors';
import type { Queryable } from '../kernel/db';
import type { ResourceRuntime } from './runtime';

/** PostgreSQL's unique_violation: two writers passed the check at the same time. */
const UNIQUE_VIOLATION = '23505';

const conflict = (rule: { fields: readonly string[]; code: ErrorCode; message: string }) =>
  new ClientError(409, rule.code, rule.message, {
    details: rule.fields.map((path) => ({ path, message: rule.message })),
  });

/**
 * Enforces `x-admin.unique` in the record's scope (the store decides how: case-insensitive for
 * strings, and for members across the platform's accounts). Fields that are unset take no part.
 */
export const checkUnique = async (
  q: Queryable,
  rt: ResourceRuntime,
  scopeId: string | undefined,
  record: Record<string, unknown>,
  exceptId?: string,
): Promise<void> => {
  for (const rule of rt.schema['x-admin'].unique ?? []) {
    const values = Object.fromEntries(rule.fields.map((f) => [f, record[f]]));
    if (Object.values(values).some((v) => v === undefined || v === null)) continue;
    if (await rt.store.conflicts(q, scopeId, values, exceptId)) throw conflict(rule);
  }
};

/**
 * A database unique index caught what the check could not see (a concurrent write): answered as
 * the schema's first unique rule rather than a 500.
 */
export const asUniqueConflict = (rt: ResourceRuntime, err: unknown): unknown => {
  const rule = rt.schema['x-admin'].unique?.[0];
  return rule && (err as { code?: unknown } | null)?.code === UNIQUE_VIOLATION ? conflict(rule) : err;
};
