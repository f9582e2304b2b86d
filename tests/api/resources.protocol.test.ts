import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from './support/platform';
import { API, buildTenants, listQuery, type Role, type Tenants } from './support/tenants';

let t: TestPlatform;
let acme: Tenants;
let envs: string;

beforeAll(async () => {
  t = await startTestPlatform();
  acme = await buildTenants(t);
  envs = `${API}/projects/${acme.ids.project}/environments`;
  // 25 more environments; every fifth runs AI v5. With Production and Staging (hidden): 27.
  for (let i = 1; i <= 25; i++) {
    const id = await acme.fixtures.environment(acme.ids.project, `Env ${String(i).padStart(2, '0')}`);
    if (i % 5 === 0)
      await t.platform.db.query(`UPDATE environments SET settings = '{"aiVersion":"v5"}' WHERE id = $1`, [
        id,
      ]);
  }
  await acme.fixtures.environment(acme.ids.project, '100% coverage');
  await acme.fixtures.environment(acme.ids.project, '100 percent_done');
});
afterAll(() => t.close());

const list = async (params: Parameters<typeof listQuery>[0], who: Role = 'configurator', base = envs) => {
  const res = await acme.call('GET', `${base}${listQuery(params)}`, who);
  return { status: res.statusCode, range: res.headers['content-range'], body: res.json() };
};
const names = (body: { name: string }[]) => body.map((e) => e.name);

describe('simple-REST lists (ra-data-simple-rest)', () => {
  it('sorts, pages and counts with Content-Range', async () => {
    const page = await list({ sort: ['name', 'ASC'], range: [0, 9] });
    expect(page.status).toBe(200);
    expect(page.range).toBe('environments 0-9/29');
    expect(names(page.body)).toEqual([
      '100 percent_done',
      '100% coverage',
      'Env 01',
      'Env 02',
      'Env 03',
      'Env 04',
      'Env 05',
      'Env 06',
      'Env 07',
      'Env 08',
    ]);
    const last = await list({ sort: ['name', 'DESC'], range: [25, 49] });
    expect(last.range).toBe('environments 25-28/29');
    expect(names(last.body)).toEqual(['Env 02', 'Env 01', '100% coverage', '100 percent_done']);
  });

  it('answers an empty page past the end, with the total', async () => {
    const past = await list({ range: [100, 124] });
    expect(past.status).toBe(200);
    expect(past.body).toEqual([]);
    expect(past.range).toBe('environments */29');
  });

  it('searches q case-insensitively, with % and _ taken literally', async () => {
    expect(names((await list({ filter: { q: 'PROD' } })).body)).toEqual(['Production']);
    expect(names((await list({ filter: { q: '%' } })).body)).toEqual(['100% coverage']);
    expect(names((await list({ filter: { q: '_' } })).body)).toEqual(['100 percent_done']);
    expect((await list({ filter: { q: 'env 1' } })).range).toBe('environments 0-9/10');
  });

  it('filters by field (a value, or any of an array) and by ids, both styles', async () => {
    const v5 = await list({ filter: { aiVersion: 'v5' }, sort: ['name', 'ASC'] });
    expect(names(v5.body)).toEqual(['Env 05', 'Env 10', 'Env 15', 'Env 20', 'Env 25']);
    expect(
      (await list({ filter: { visibility: ['hidden'] } })).body.map((e: { id: string }) => e.id),
    ).toEqual([acme.ids.hidden]);
    const ids = [acme.ids.env, acme.ids.hidden];
    const many = await list({ filter: { ids } });
    expect(many.body.map((e: { id: string }) => e.id).sort()).toEqual([...ids].sort());
    // The hidden one stays hidden from a qualifier, even asked by id.
    expect((await list({ filter: { ids } }, 'qualifier')).body.map((e: { id: string }) => e.id)).toEqual([
      acme.ids.env,
    ]);
    const bracket = await acme.call('GET', `${envs}?ids[]=${acme.ids.env}&ids[]=not-a-uuid`, 'configurator');
    expect(bracket.json().map((e: { id: string }) => e.id)).toEqual([acme.ids.env]);
  });

  it('sorts numbers as numbers', async () => {
    const quotas = [9, 100, 10];
    for (const yearlyQuota of quotas) {
      const org = await acme.fixtures.organisation(`Quota ${yearlyQuota}`);
      await t.platform.db.query('UPDATE organisations SET yearly_quota = $2 WHERE id = $1', [
        org,
        yearlyQuota,
      ]);
    }
    const res = await list(
      { sort: ['yearlyQuota', 'ASC'], filter: { q: 'Quota' } },
      'staff',
      `${API}/organisations`,
    );
    expect(res.body.map((o: { yearlyQuota: number }) => o.yearlyQuota)).toEqual([9, 10, 100]);
  });

  it.each([
    ['sort', 'not-json', /sort.*not valid JSON/],
    ['sort', '["colour","ASC"]', /sort.*unknown field 'colour'/],
    ['sort', '["name","UP"]', /sort.*ASC or DESC/],
    ['range', '[5,2]', /range/],
    ['range', '[0,5000]', /range.*at most 1000/],
    ['range', '{"from":0}', /range/],
    ['filter', '{oops', /filter.*not valid JSON/],
    ['filter', '{"colour":"red"}', /filter.*unknown field 'colour'/],
    ['filter', '[1,2]', /filter.*JSON object/],
    ['filter', '{"q":42}', /filter.*q must be a string/],
  ])('refuses a malformed %s (%s) with a 400 naming it', async (param, value, message) => {
    const res = await acme.call('GET', `${envs}?${param}=${encodeURIComponent(value)}`, 'configurator');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
    expect(res.json().details[0].path).toBe(param);
  });

  it('requires the organisation filter on the top-level project list', async () => {
    const res = await acme.call('GET', `${API}/projects`, 'admin');
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ path: 'filter.organisationId', message: 'is required' }]);
    const ok = await list({ filter: { organisationId: acme.ids.org, q: 'clo' } }, 'admin', `${API}/projects`);
    expect(names(ok.body)).toEqual(['Closed']);
    expect(ok.range).toBe('projects 0-0/1');
  });
});
