import type { Queryable } from '../kernel/db';
import type { ListQuery, ListResult } from './store';

/** The scope key of the platform scope in `resource_versions` (migration 009). */
const PLATFORM_SCOPE_KEY = '00000000-0000-0000-0000-000000000000';
/** Pages bigger than this (an export-like range) are read from the database every time. */
const MAX_CACHED_ROWS = 200;

/**
 * The current version of one resource's documents in one scope: a trigger gives it a new value on
 * every statement that writes them (migration 009), in any process.
 */
export const readResourceVersion = async (q: Queryable, resource: string, scopeId: string | undefined) => {
  const rows = await q.query<{ version: string }>(
    'SELECT version FROM resource_versions WHERE resource = $1 AND scope_key = $2',
    [resource, scopeId ?? PLATFORM_SCOPE_KEY],
  );
  // No row: nothing was ever written there. The row, once written, is never deleted.
  return rows[0] ? String(rows[0].version) : 'never written';
};

/** The same key for the same question, whatever the order its object keys were built in. */
const canonical = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'undefined';
};

/**
 * The lists of one document resource, kept in memory by (version, query), the least recently used
 * dropped first. Configuration is read far more often than written (every page of the console
 * lists it, and lists again after each change), and a list of a large resource costs the database
 * a sort of every matching document. A list is served from here only when the resource's version
 * in its scope is still the one it was read at; the caller's restrictions are part of the query,
 * so two callers who may see different records never share an entry. Entries are shared between
 * requests: nobody may change what `read` returns.
 *
 * @example
 * const lists = listCache();
 * const result = await lists.read(db, 'archetype', query, () => sqlList(db, query));
 */
export const listCache = (maxEntries = 256) => {
  const entries = new Map<string, ListResult>();
  return {
    read: async (
      q: Queryable,
      resource: string,
      query: ListQuery,
      fromDatabase: () => Promise<ListResult>,
    ): Promise<ListResult> => {
      const key = `${await readResourceVersion(q, resource, query.scopeId)}\n${canonical(query)}`;
      const kept = entries.get(key);
      if (kept) {
        entries.delete(key);
        entries.set(key, kept);
        return kept;
      }
      const result = await fromDatabase();
      if (result.rows.length <= MAX_CACHED_ROWS) {
        entries.set(key, result);
        if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      }
      return result;
    },
  };
};
