import type { Db, Queryable } from '../kernel/db';
import type { MailLocale } from '../mail/templates';
import type { RequestAuth } from '../kernel/access/plugin';
import { requireLevel, resolveScope, type Caller, type Scope } from './access';
import { writeAudit, type AuditAction } from './audit';
import { findRecord, projectOfRecord, storeScopeId, type ResourceRuntime } from './runtime';
import type { MutationContext, ResourceRecord } from './store';
import { asUniqueConflict, checkUnique } from './unique';
import { validationError, type FieldError } from './validation';

const asObject = (body: unknown): Record<string, unknown> => {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw validationError([{ path: '(body)', message: 'must be a JSON object' }]);
  return { ...(body as Record<string, unknown>) };
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Takes the read-only fields out of a body — the staff-only ones too, unless platform staff call:
 * each one is an error, except on update when it repeats the stored value (react-admin sends back
 * the whole record it read). On update, computed list columns (x-admin `computedColumns`) are
 * dropped too: a row of a list sent back carries them, and nothing stores them.
 */
const takeReadOnly = (
  rt: ResourceRuntime,
  caller: Caller,
  data: Record<string, unknown>,
  stored?: ResourceRecord,
): FieldError[] => {
  const errors: FieldError[] = [];
  const { readOnly = [], staffOnly = [], computedColumns = {} } = rt.schema['x-admin'];
  if (stored) for (const column of Object.keys(computedColumns)) delete data[column];
  for (const field of caller.user.is_staff ? readOnly : [...readOnly, ...staffOnly]) {
    if (!(field in data)) continue;
    if (!stored || !same(data[field], stored[field])) errors.push({ path: field, message: 'is read-only' });
    delete data[field];
  }
  return errors;
};

/**
 * create / update / delete, each in one transaction with its access check, validation, unique
 * check, store call and audit row: all of it commits, or none.
 */
export const resourceMutations = (db: Db, rt: ResourceRuntime) => {
  const { access } = rt.schema['x-admin'];
  const resource = rt.schema['x-admin'].path;

  const inTransaction = async <T>(
    auth: RequestAuth,
    locale: MailLocale,
    fn: (tx: Queryable, caller: Caller, ctxOf: (scope: Scope) => MutationContext) => Promise<T>,
  ): Promise<T> => {
    try {
      return await db.transaction(async (tx) =>
        fn(tx, auth, (scope) => ({
          scopeId: storeScopeId(scope),
          actor: auth.user,
          impersonator: auth.impersonator,
          locale,
        })),
      );
    } catch (err) {
      throw asUniqueConflict(rt, err);
    }
  };

  const audit = (
    tx: Queryable,
    ctx: MutationContext,
    scope: Scope,
    action: AuditAction,
    recordId: string,
    before?: ResourceRecord,
    after?: ResourceRecord,
  ) =>
    writeAudit(tx, {
      // An organisation is its own scope: its rows belong to it.
      organisationId: scope.organisationId ?? (rt.store.organisationRecords ? recordId : undefined),
      actorId: ctx.actor.id,
      impersonatorId: ctx.impersonator?.id,
      action,
      resource,
      recordId,
      before,
      after,
    });

  return {
    create: (auth: RequestAuth, pathScopeId: string | undefined, body: unknown, locale: MailLocale) =>
      inTransaction(auth, locale, async (tx, caller, ctxOf) => {
        const data = asObject(body);
        let scopeId = pathScopeId;
        if (rt.top && rt.scopeField) {
          // The record names its scope: the address of the create, not a field it writes.
          scopeId = data[rt.scopeField] as string | undefined;
          if (typeof scopeId !== 'string')
            throw validationError([{ path: rt.scopeField, message: 'is required' }]);
          delete data[rt.scopeField];
        }
        const scope = await resolveScope(tx, caller, rt.schema['x-admin'].scope, scopeId);
        requireLevel(caller, scope, access.create ?? access.write);
        rt.validator.create(data, takeReadOnly(rt, caller, data));
        await checkUnique(tx, rt, storeScopeId(scope), data);
        const ctx = ctxOf(scope);
        const record = await rt.store.create(tx, ctx, data);
        await audit(tx, ctx, scope, 'create', record.id, undefined, record);
        return record;
      }),

    update: (
      auth: RequestAuth,
      pathScopeId: string | undefined,
      id: string,
      body: unknown,
      locale: MailLocale,
    ) =>
      inTransaction(auth, locale, async (tx, caller, ctxOf) => {
        const { scope, record: before } = await findRecord(tx, caller, rt, pathScopeId, id);
        requireLevel(caller, scope, access.write, projectOfRecord(rt, before));
        const data = asObject(body);
        const readOnly = takeReadOnly(rt, caller, data, before);
        const merged = { ...before, ...data };
        rt.validator.update(merged, readOnly);
        await checkUnique(tx, rt, storeScopeId(scope), merged, before.id);
        const ctx = ctxOf(scope);
        const after = await rt.store.update(tx, ctx, before, merged);
        await audit(tx, ctx, scope, 'update', before.id, before, after);
        return after;
      }),

    remove: (auth: RequestAuth, pathScopeId: string | undefined, id: string, locale: MailLocale) =>
      inTransaction(auth, locale, async (tx, caller, ctxOf) => {
        const { scope, record: before } = await findRecord(tx, caller, rt, pathScopeId, id);
        requireLevel(caller, scope, access.delete ?? access.write, projectOfRecord(rt, before));
        const ctx = ctxOf(scope);
        await rt.store.delete(tx, ctx, before);
        await audit(tx, ctx, scope, 'delete', before.id, before, undefined);
      }),
  };
};
