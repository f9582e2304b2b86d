import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from './support/platform';
import { API, buildTenants, listQuery, type Tenants } from './support/tenants';

/**
 * Computed list columns (x-admin `computedColumns`, docs/decisions/resources-computed-columns.md):
 * a context's list row says which servers load it and how many interactions it holds (spec pipeline
 * §3), computed by the list route from the environment's current configuration.
 */
let t: TestPlatform;
let acme: Tenants;
const url = (env: string, path: string) => `${API}/environments/${env}/${path}`;
const create = async (env: string, path: string, body: object) => {
  const res = await acme.call('POST', url(env, path), 'configurator', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string } & Record<string, unknown>;
};
const interaction = (name: string, contexts: string[]) => ({
  name,
  contexts,
  parameters: [{ position: 1, name: 'word', archetype: 'cancel' }],
});
type ContextRow = { id: string; name: string; servers: string[]; interactionCount: number };
const contexts = async (env: string) =>
  (
    await acme.call('GET', `${url(env, 'contexts')}${listQuery({ sort: ['name', 'ASC'] })}`, 'configurator')
  ).json() as ContextRow[];

beforeAll(async () => {
  t = await startTestPlatform();
  acme = await buildTenants(t);
  const env = acme.ids.env;
  await create(env, 'archetypes', { name: 'cancel', expressions: [{ type: 'term', value: 'résilier' }] });
  await create(env, 'contexts', { name: 'billing' });
  await create(env, 'contexts', { name: 'care' });
  await create(env, 'contexts', { name: 'unused' });
  await create(env, 'interactions', interaction('cancel contract', ['care', 'billing']));
  await create(env, 'interactions', interaction('cancel card', ['care']));
  await create(env, 'interactions', interaction('refund', ['billing']));
  await create(env, 'interactions', interaction('complain', ['care']));
  await create(env, 'servers', { name: 'spare', contexts: ['care'] });
  await create(env, 'servers', { name: 'Main', contexts: ['care', 'billing'] });
  // The same names in another environment are other entities: they count there, not here.
  const hidden = acme.ids.hidden;
  await create(hidden, 'contexts', { name: 'care' });
  await create(hidden, 'servers', { name: 'elsewhere', contexts: ['care'] });
});
afterAll(() => t.close());

describe('the contexts list', () => {
  it('gives each context its servers, sorted by name, and its interaction count', async () => {
    expect(await contexts(acme.ids.env)).toEqual([
      expect.objectContaining({ name: 'billing', servers: ['Main'], interactionCount: 2 }),
      expect.objectContaining({ name: 'care', servers: ['Main', 'spare'], interactionCount: 3 }),
      expect.objectContaining({ name: 'unused', servers: [], interactionCount: 0 }),
    ]);
    expect(await contexts(acme.ids.hidden)).toEqual([
      expect.objectContaining({ name: 'care', servers: ['elsewhere'], interactionCount: 0 }),
    ]);
  });

  it('says at once what a change of a server or an interaction made of it', async () => {
    await contexts(acme.ids.env); // kept in memory by now
    const servers = (await acme.call('GET', url(acme.ids.env, 'servers'), 'configurator')).json() as {
      id: string;
      name: string;
    }[];
    const spare = servers.find((s) => s.name === 'spare')!;
    const moved = await acme.call('PUT', url(acme.ids.env, `servers/${spare.id}`), 'configurator', {
      contexts: ['unused'],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await create(acme.ids.env, 'interactions', interaction('greet', ['unused']));
    const rows = await contexts(acme.ids.env);
    expect(rows.find((r) => r.name === 'care')).toMatchObject({ servers: ['Main'], interactionCount: 3 });
    expect(rows.find((r) => r.name === 'unused')).toMatchObject({ servers: ['spare'], interactionCount: 1 });
  });

  it('is not sorted by a computed column, which the database does not hold', async () => {
    const res = await acme.call(
      'GET',
      `${url(acme.ids.env, 'contexts')}${listQuery({ sort: ['interactionCount', 'ASC'] })}`,
      'configurator',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_LIST_QUERY' });
  });

  it('takes back a listed row as an update, its computed columns ignored; a creation with them is refused', async () => {
    const care = (await contexts(acme.ids.env)).find((r) => r.name === 'care')!;
    const saved = await acme.call('PUT', url(acme.ids.env, `contexts/${care.id}`), 'configurator', {
      ...care,
      languages: ['fr'],
      servers: ['invented'],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).not.toHaveProperty('servers');
    expect((await contexts(acme.ids.env)).find((r) => r.name === 'care')).toMatchObject({
      languages: ['fr'],
      servers: ['Main'],
    });
    const created = await acme.call('POST', url(acme.ids.env, 'contexts'), 'configurator', {
      name: 'new',
      interactionCount: 3,
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().details).toEqual([expect.objectContaining({ path: 'interactionCount' })]);
  });

  it('answers a record read alone without them: they belong to lists', async () => {
    const [billing] = await contexts(acme.ids.env);
    const alone = (
      await acme.call('GET', url(acme.ids.env, `contexts/${billing.id}`), 'configurator')
    ).json();
    expect(alone).not.toHaveProperty('servers');
    expect(alone).not.toHaveProperty('interactionCount');
  });
});
