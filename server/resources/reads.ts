import type { Queryable } from '../kernel/db';
import type { RequestAuth } from '../kernel/access/plugin';
import { withReferrers } from './computed-columns';
import { isProjectLevel, requireLevel, resolveScope, type Scope } from './access';
import { parseListQuery } from './list-query';
import { findRecord, projectOfRecord, restrictionFor, storeScopeId, type ResourceRuntime } from './runtime';
import type { ListResult, Range, ResourceRecord } from './store';
import { validationError } from './validation';

/**
 * The scope of a list: the path's for nested addressing; the filter's `<scope>Id` for top
 * addressing (required: a list never spans organisations); none for the platform scope.
 */
const listScope = async (
  q: Queryable,
  auth: RequestAuth,
  rt: ResourceRuntime,
  pathScopeId: string | undefined,
  filter: Record<string, unknown>,
) => {
  const { scope: kind } = rt.schema['x-admin'];
  let scopeId = pathScopeId;
  if (rt.top && rt.scopeField) {
    const value = filter[rt.scopeField];
    if (typeof value !== 'string')
      throw validationError([{ path: `filter.${rt.scopeField}`, message: 'is required' }]);
    scopeId = value;
    delete filter[rt.scopeField];
  }
  return resolveScope(q, auth, kind, scopeId);
};

/** A list may be read with a project level from above projects: the restriction does the filtering. */
const filteredPerRecord = (rt: ResourceRuntime, scope: Scope) =>
  isProjectLevel(rt.schema['x-admin'].access.read) && !scope.projectId && rt.store.projectField !== undefined;

/** list and get: access checked, scope enforced, hidden records left out. */
export const resourceReads = (db: Queryable, rt: ResourceRuntime) => ({
  list: async (
    auth: RequestAuth,
    pathScopeId: string | undefined,
    query: Record<string, unknown>,
  ): Promise<ListResult & { range: Range }> => {
    const parsed = parseListQuery(rt.schema, query);
    const scope = await listScope(db, auth, rt, pathScopeId, parsed.filter);
    if (!filteredPerRecord(rt, scope)) requireLevel(auth, scope, rt.schema['x-admin'].access.read);
    const restrict = await restrictionFor(db, auth, scope, rt);
    const result = await rt.store.list(db, { ...parsed, scopeId: storeScopeId(scope), restrict });
    const rows = await withReferrers(db, auth, scope, rt.schema, rt.referrers, result.rows);
    return { ...result, rows, range: parsed.range };
  },

  get: async (auth: RequestAuth, pathScopeId: string | undefined, id: string): Promise<ResourceRecord> => {
    const { scope, record } = await findRecord(db, auth, rt, pathScopeId, id);
    requireLevel(auth, scope, rt.schema['x-admin'].access.read, projectOfRecord(rt, record));
    return record;
  },
});

/** `Content-Range` of simple REST: `projects 0-24/319`, or an asterisk for the bounds past the end. */
export const contentRange = (path: string, range: Range, count: number, total: number) =>
  count === 0 ? `${path} */${total}` : `${path} ${range.start}-${range.start + count - 1}/${total}`;
