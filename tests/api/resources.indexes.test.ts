import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineResourceSchema } from '../../schemas/_defs/admin';
import { resourceSchemas } from '../../schemas/index';
import type { Queryable, Row } from '../../server/kernel/db';
import { documentStore } from '../../server/resources/document-store';
import { syncDocumentIndexes } from '../../server/resources/document-indexes';
import type { ListQuery } from '../../server/resources/store';
import { startTestPlatform, type TestPlatform } from './support/platform';
import { widgetSchema } from './support/throwaway-schemas';

let t: TestPlatform;
const ENV = '00000000-0000-4000-8000-000000000001';

const indexesOf = async (resource: string) =>
  (
    await t.platform.db.query<{ indexname: string; indexdef: string }>(
      `SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'resource_documents' AND indexdef LIKE $1`,
      [`%'${resource}'::text%`],
    )
  ).map((r) => r.indexdef);

beforeAll(async () => {
  t = await startTestPlatform({}, { schemas: [...resourceSchemas, widgetSchema] });
  // Enough documents of widgets and of another resource that an index is worth reading.
  for (const resource of ['widget', 'other']) {
    await t.platform.db.query(
      `INSERT INTO resource_documents (scope, scope_id, resource, id, data)
       SELECT 'environment', $1, $2, gen_random_uuid(),
              jsonb_build_object('name', 'widget ' || i, 'size', i % 97, 'enabled', i % 3 = 0)
       FROM generate_series(1, 3000) AS i`,
      [ENV, resource],
    );
  }
  await t.platform.db.query('ANALYZE resource_documents');
});
afterAll(() => t.close());

/** The plan of the list query the widget store really sends, with sequential scans ruled out. */
const planOf = async (query: Partial<ListQuery>) => {
  const sent: { text: string; params?: unknown[] }[] = [];
  // Records the list query and stops there: only its text and parameters matter. The version
  // lookup of the list cache before it finds no version.
  const recorder: Queryable = {
    query: async <T extends Row>(text: string, params?: unknown[]): Promise<T[]> => {
      if (!text.includes('resource_documents')) return [];
      sent.push({ text, params });
      throw new Error('recorded');
    },
  };
  await documentStore(widgetSchema)
    .list(recorder, {
      scopeId: ENV,
      filter: {},
      sort: { field: 'name', order: 'ASC' },
      range: { start: 0, end: 24 },
      ...query,
    })
    .catch(() => undefined);
  return t.platform.db.transaction(async (tx) => {
    await tx.query('SET LOCAL enable_seqscan = off');
    const rows = await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sent[0].text}`, sent[0].params);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  });
};

describe('indexes of document resources, from their schemas', () => {
  it('builds one per sorted column, per filter and per searched field, for that resource only', async () => {
    const defs = await indexesOf('widget');
    // name, size and enabled sort (name is also the default sort); enabled filters; name is searched.
    expect(defs).toHaveLength(5);
    expect(defs.filter((d) => d.includes('gin_trgm_ops'))).toHaveLength(1);
    for (const def of defs) expect(def).toMatch(/WHERE \(resource = 'widget'::text\)/);
  });

  it('serves the list queries: sorts, filters and q searches read an index, not the table', async () => {
    expect(await planOf({ sort: { field: 'name', order: 'DESC' } })).toMatch(/rdx_/);
    expect(await planOf({ sort: { field: 'size', order: 'ASC' } })).toMatch(/rdx_/);
    expect(await planOf({ filter: { enabled: true } })).toMatch(/rdx_/);
    expect(await planOf({ q: 'dget 12' })).toMatch(/rdx_/);
  });

  it('follows schema changes: a new filter gets its index, an abandoned one is dropped', async () => {
    const changed = defineResourceSchema({
      ...widgetSchema,
      'x-admin': { ...widgetSchema['x-admin'], filters: ['size'], searchFields: [] },
    });
    await syncDocumentIndexes(t.platform.db, [...resourceSchemas, changed], t.app.log);
    const defs = await indexesOf('widget');
    expect(defs.some((d) => d.includes('gin_trgm_ops'))).toBe(false);
    expect(defs.some((d) => /\(scope_id, \(\(data ->> 'size'::text\)\)\)/.test(d))).toBe(true);
    expect(defs.some((d) => /\(scope_id, \(\(data ->> 'enabled'::text\)\)\)/.test(d))).toBe(false);

    await syncDocumentIndexes(t.platform.db, [...resourceSchemas, widgetSchema], t.app.log);
    expect(await indexesOf('widget')).toHaveLength(5);
  });
});
