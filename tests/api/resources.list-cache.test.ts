import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceSchemas } from '../../schemas/index';
import { documentStore } from '../../server/resources/document-store';
import type { ListQuery, MutationContext } from '../../server/resources/store';
import { startTestPlatform, type TestPlatform } from './support/platform';
import { widgetSchema } from './support/throwaway-schemas';
import { API, buildTenants, listQuery, type Tenants } from './support/tenants';

/**
 * Lists of document resources are kept in memory while their resource's version in the scope is
 * unchanged (server/resources/list-cache.ts). What a client sees must never be older than the
 * database, whoever wrote it.
 */
let t: TestPlatform;
let acme: Tenants;
let widgets: string;

beforeAll(async () => {
  t = await startTestPlatform({}, { schemas: [...resourceSchemas, widgetSchema] });
  acme = await buildTenants(t);
  widgets = `${API}/environments/${acme.ids.env}/widgets`;
  for (const name of ['Axle', 'Bolt', 'Gear'])
    expect((await acme.call('POST', widgets, 'configurator', { name })).statusCode).toBe(201);
});
afterAll(() => t.close());

const names = async (url: string) =>
  (await acme.call('GET', url, 'cockpit')).json().map((w: { name: string }) => w.name);

describe('lists kept in memory', () => {
  it('show at once what another process or a script wrote straight to the database', async () => {
    const url = `${widgets}${listQuery({ sort: ['name', 'ASC'], range: [0, 9] })}`;
    expect(await names(url)).toEqual(['Axle', 'Bolt', 'Gear']);
    expect(await names(url)).toEqual(['Axle', 'Bolt', 'Gear']);

    const { db } = t.platform;
    await db.query(
      `UPDATE resource_documents SET data = jsonb_set(data, '{name}', '"Cog"')
       WHERE resource = 'widget' AND data->>'name' = 'Gear'`,
    );
    expect(await names(url)).toEqual(['Axle', 'Bolt', 'Cog']);
    await db.query(`DELETE FROM resource_documents WHERE resource = 'widget' AND data->>'name' = 'Bolt'`);
    expect(await names(url)).toEqual(['Axle', 'Cog']);
    await db.query(
      `INSERT INTO resource_documents (scope, scope_id, resource, id, data)
       VALUES ('environment', $1, 'widget', gen_random_uuid(), '{"name": "Bolt"}')`,
      [acme.ids.env],
    );
    expect(await names(url)).toEqual(['Axle', 'Bolt', 'Cog']);
  });

  it('show what the API wrote, in the same scope only', async () => {
    const url = `${widgets}${listQuery({ sort: ['name', 'DESC'], range: [0, 0] })}`;
    const before = await acme.call('GET', url, 'cockpit');
    await acme.call('POST', widgets, 'configurator', { name: 'Zip' });
    const after = await acme.call('GET', url, 'cockpit');
    expect(after.json()[0].name).toBe('Zip');
    const total = (r: typeof before) => Number(r.headers['content-range']?.toString().split('/')[1]);
    expect(total(after)).toBe(total(before) + 1);
  });

  describe('read by the store itself', () => {
    const store = documentStore(widgetSchema);
    const ctx = (scopeId: string) => ({ scopeId }) as MutationContext;
    const query = (scopeId: string, extra: Partial<ListQuery> = {}): ListQuery => ({
      scopeId,
      sort: { field: 'name', order: 'ASC' },
      range: { start: 0, end: 49 },
      filter: {},
      ...extra,
    });

    it('never serve what a rolled-back transaction wrote, even when it was listed inside it', async () => {
      const { db } = t.platform;
      const env = acme.ids.env;
      const before = await store.list(db, query(env));
      await expect(
        db.transaction(async (tx) => {
          await store.create(tx, ctx(env), { name: 'Ghost' });
          const inside = await store.list(tx, query(env));
          expect(inside.rows.map((r) => r.name)).toContain('Ghost');
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      const after = await store.list(db, query(env));
      expect(after).toEqual(before);

      // The next committed write gets a version of its own, never the rolled-back one.
      await store.create(db, ctx(env), { name: 'Real' });
      const committed = await store.list(db, query(env));
      expect(committed.total).toBe(before.total + 1);
      expect(committed.rows.map((r) => r.name)).toContain('Real');
      expect(committed.rows.map((r) => r.name)).not.toContain('Ghost');
    });

    it('keep lists apart for callers who may see different records', async () => {
      const { db } = t.platform;
      const env = acme.ids.env;
      const all = await store.list(db, query(env));
      const [first, second] = all.rows;
      const seenByOne = await store.list(db, query(env, { restrict: { id: [first.id] } }));
      const seenByOther = await store.list(db, query(env, { restrict: { id: [second.id] } }));
      expect(seenByOne.rows.map((r) => r.id)).toEqual([first.id]);
      expect(seenByOther.rows.map((r) => r.id)).toEqual([second.id]);
    });

    it('keep scopes apart', async () => {
      const { db } = t.platform;
      const other = acme.ids.hidden;
      expect((await store.list(db, query(other))).total).toBe(0);
      await store.create(db, ctx(other), { name: 'Elsewhere' });
      expect((await store.list(db, query(other))).rows.map((r) => r.name)).toEqual(['Elsewhere']);
      expect((await store.list(db, query(acme.ids.env))).rows.map((r) => r.name)).not.toContain('Elsewhere');
    });
  });
});
