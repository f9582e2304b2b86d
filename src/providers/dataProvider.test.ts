import { describe, expect, it } from 'vitest';
import { createApiClient } from '../api';
import { fakeApi, json } from '../test/fakeApi';
import { createDataProvider, withMutationHook } from './dataProvider';

const setup = (routes: Parameters<typeof fakeApi>[0]) => {
  const api = fakeApi(routes);
  const client = createApiClient({
    baseUrl: '',
    fetch: api.fetch,
    getToken: () => 'jwt',
    getSwitchUser: () => null,
  });
  return { api, dataProvider: createDataProvider(client) };
};

describe('dataProvider (simple REST)', () => {
  it('lists with sort, range and filter in the query and the total from Content-Range', async () => {
    const { api, dataProvider } = setup({
      'GET /v4/console/api/archetypes': new Response(JSON.stringify([{ id: 'a1', name: 'car' }]), {
        headers: { 'Content-Type': 'application/json', 'Content-Range': 'archetypes 0-24/319' },
      }),
    });
    const result = await dataProvider.getList('archetypes', {
      pagination: { page: 2, perPage: 25 },
      sort: { field: 'name', order: 'ASC' },
      filter: { q: 'car' },
    });
    expect(result).toEqual({ data: [{ id: 'a1', name: 'car' }], total: 319 });
    const query = new URL(api.only().url, 'http://x').searchParams;
    expect(query.get('sort')).toBe('["name","ASC"]');
    expect(query.get('range')).toBe('[25,49]');
    expect(query.get('filter')).toBe('{"q":"car"}');
  });

  it('gets many records through an ids filter', async () => {
    const { api, dataProvider } = setup({
      'GET /v4/console/api/projects': json([{ id: 'p1' }, { id: 'p2' }]),
    });
    const { data } = await dataProvider.getMany('projects', { ids: ['p1', 'p2'] });
    expect(data.map((record) => record.id)).toEqual(['p1', 'p2']);
    expect(new URL(api.only().url, 'http://x').searchParams.get('filter')).toBe('{"ids":["p1","p2"]}');
  });

  it('adds the reference to the filter for getManyReference', async () => {
    const { api, dataProvider } = setup({ 'GET /v4/console/api/environments': json([]) });
    await dataProvider.getManyReference('environments', {
      target: 'projectId',
      id: 'p1',
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'DESC' },
      filter: {},
    });
    expect(new URL(api.only().url, 'http://x').searchParams.get('filter')).toBe('{"projectId":"p1"}');
  });

  it('creates, updates and deletes with the matching verbs', async () => {
    const { api, dataProvider } = setup({
      'POST /v4/console/api/webhooks': json({ id: 'w1', url: 'https://hook.test' }, 201),
      'PUT /v4/console/api/webhooks/w1': json({ id: 'w1', url: 'https://new.test' }),
      'DELETE /v4/console/api/webhooks/w1': new Response(null, { status: 204 }),
    });
    expect((await dataProvider.create('webhooks', { data: { url: 'https://hook.test' } })).data.id).toBe(
      'w1',
    );
    const updated = await dataProvider.update('webhooks', {
      id: 'w1',
      data: { url: 'https://new.test' },
      previousData: { id: 'w1' },
    });
    expect(updated.data.url).toBe('https://new.test');
    expect((await dataProvider.delete('webhooks', { id: 'w1', previousData: { id: 'w1' } })).data).toEqual({
      id: 'w1',
    });
    expect(api.sent.map((request) => request.method)).toEqual(['POST', 'PUT', 'DELETE']);
    expect(JSON.parse(String(api.sent[0].body))).toEqual({ url: 'https://hook.test' });
  });

  it('forwards the abort signal react-admin passes', async () => {
    const { api, dataProvider } = setup({ 'GET /v4/console/api/projects/p1': json({ id: 'p1' }) });
    const controller = new AbortController();
    await dataProvider.getOne('projects', { id: 'p1', signal: controller.signal });
    expect(dataProvider.supportAbortSignal).toBe(true);
    expect(api.only().signal).toBe(controller.signal);
  });
});

describe('withMutationHook', () => {
  it('calls the hook after each successful write, not after reads or failures', async () => {
    const { dataProvider } = setup({
      'GET /v4/console/api/projects': json([]),
      'POST /v4/console/api/projects': json({ id: 'p1' }, 201),
      'DELETE /v4/console/api/projects/p1': json({ message: 'Has priority environments' }, 409),
    });
    let writes = 0;
    const hooked = withMutationHook(dataProvider, () => {
      writes += 1;
    });
    await hooked.getList('projects', {
      pagination: { page: 1, perPage: 5 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(writes).toBe(0);
    await hooked.create('projects', { data: { name: 'Claims' } });
    expect(writes).toBe(1);
    await expect(hooked.delete('projects', { id: 'p1' })).rejects.toThrow('Has priority environments');
    expect(writes).toBe(1);
  });
});
