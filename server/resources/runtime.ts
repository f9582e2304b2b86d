import type { ResourceSchema } from '../../schemas/_defs/admin';
import type { NotFoundSubject } from '../../schemas/error-codes';
import type { Queryable } from '../kernel/db';
import { ClientError, notFound } from '../kernel/http/errors';
import { isProjectLevel, projectsReaching, resolveScope, type Caller, type Scope } from './access';
import { referrersColumns } from './computed-columns';
import { scopeFieldOf } from './fields';
import { isUuid } from '../kernel/http/ids';
import type { ResourceRecord, ResourceStore, Restriction } from './store';
import { resourceValidator, type ResourceValidator } from './validation';

/** One resource as the generic routes serve it: its schema, its store, its validators. */
export interface ResourceRuntime {
  schema: ResourceSchema;
  store: ResourceStore;
  validator: ResourceValidator;
  /** Top addressing: the record's scope travels in its `<scope>Id` field, not in the path. */
  top: boolean;
  /** `organisationId`, `projectId` or `environmentId`; undefined for the platform scope. */
  scopeField: string | undefined;
  /** What its 404 names (`params.what`, "Project not found"…): the schema's `$id`. */
  subject: NotFoundSubject;
  /** Its x-admin `referrers` columns, which the list route fills. */
  referrers: ReturnType<typeof referrersColumns>;
}

export const resourceRuntime = (
  schema: ResourceSchema,
  store: ResourceStore,
  schemas: readonly ResourceSchema[] = [schema],
): ResourceRuntime => {
  const { scope, addressing } = schema['x-admin'];
  return {
    schema,
    store,
    validator: resourceValidator(schema),
    top: scope === 'platform' || addressing === 'top',
    scopeField: scopeFieldOf(scope),
    // Every resource id is a subject: src/i18n/errorCodes.test.ts checks it.
    subject: schema.$id as NotFoundSubject,
    referrers: referrersColumns(schema, schemas),
  };
};

/** The scope id the store keys records by (the platform scope has none). */
export const storeScopeId = (scope: Scope) => (scope.kind === 'platform' ? undefined : scope.id);

/**
 * What the caller may see among a scope's records, as a restriction the store applies to lists and
 * the routes to single records: their own organisations among organisations; projects they hold
 * the read level on; whatever the store hides (hidden environments).
 */
export const restrictionFor = async (
  q: Queryable,
  caller: Caller,
  scope: Scope,
  rt: ResourceRuntime,
): Promise<Restriction> => {
  const restriction: Record<string, readonly unknown[]> = {};
  if (scope.kind === 'platform' && rt.store.organisationRecords && !caller.user.is_staff)
    restriction.id = caller.access.orgIds;
  const read = rt.schema['x-admin'].access.read;
  const { projectField } = rt.store;
  if (isProjectLevel(read) && !scope.projectId && projectField && scope.organisationId) {
    if (caller.access.organisationRole(scope.organisationId) !== 'admin')
      restriction[projectField] = await projectsReaching(q, caller, scope.organisationId, read);
  }
  return { ...restriction, ...rt.store.restrict?.({ projectLevel: scope.projectLevel }) };
};

const isVisible = (record: ResourceRecord, restriction: Restriction) =>
  Object.entries(restriction).every(([field, values]) => values.includes(record[field]));

/**
 * A record addressed by id, with its scope, or 404 (not a UUID, missing, another tenant's, or
 * hidden from this caller). Nested routes give the scope id; top routes find it from the record;
 * an organisation is its own scope.
 */
export const findRecord = async (
  q: Queryable,
  caller: Caller,
  rt: ResourceRuntime,
  pathScopeId: string | undefined,
  id: string,
): Promise<{ scope: Scope; record: ResourceRecord }> => {
  if (!isUuid(id)) throw notFound(rt.subject);
  const { scope: kind } = rt.schema['x-admin'];
  /** One answer for "unknown" and "not yours"; anything else (a database failure) stays what it is. */
  const missing = (err?: unknown): never => {
    if (err === undefined || (err instanceof ClientError && err.statusCode === 404))
      throw notFound(rt.subject);
    throw err;
  };
  let scope: Scope;
  if (kind === 'platform') {
    scope = rt.store.organisationRecords
      ? await resolveScope(q, caller, 'organisation', id).catch(missing)
      : await resolveScope(q, caller, 'platform', undefined);
  } else if (rt.top) {
    // Same answer whether the record is unknown or another organisation's.
    const located = (await rt.store.locate(q, id)) ?? missing();
    scope = await resolveScope(q, caller, kind, located.scopeId).catch(missing);
  } else {
    scope = await resolveScope(q, caller, kind, pathScopeId);
  }
  const record = await rt.store.get(q, kind === 'platform' ? undefined : scope.id, id);
  if (!record || !isVisible(record, await restrictionFor(q, caller, scope, rt))) throw notFound(rt.subject);
  return { scope, record };
};

/** The project of a record scoped above projects, for project-level access. */
export const projectOfRecord = (rt: ResourceRuntime, record: ResourceRecord): string | undefined => {
  const field = rt.store.projectField;
  return field ? (record[field] as string | undefined) : undefined;
};
