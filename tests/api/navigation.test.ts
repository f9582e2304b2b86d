import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from './support/platform';
import { API, buildTenants, type Role, type Tenants } from './support/tenants';

let t: TestPlatform;
let acme: Tenants;

beforeAll(async () => {
  t = await startTestPlatform();
  acme = await buildTenants(t);
});
afterAll(() => t.close());

const search = async (who: Role, q: string) => {
  const res = await acme.call('GET', `${API}/navigation?q=${encodeURIComponent(q)}`, who);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  return {
    organisations: body.organisations.map((o: { name: string }) => o.name),
    projects: body.projects.map((p: { name: string }) => p.name),
    environments: body.environments.map((e: { name: string }) => e.name),
  };
};

/** Spec platform-shell §2: the rapid navigation search offers what the caller may open. */
describe('rapid navigation search', () => {
  it('offers an administrator everything of their organisation, hidden environments included', async () => {
    expect(await search('admin', '')).toEqual({
      organisations: ['Acme'],
      projects: ['Claims', 'Closed'],
      environments: ['Production', 'Staging'],
    });
  });

  it('offers a qualifier only the projects they hold a level on, and no hidden environment', async () => {
    expect(await search('qualifier', '')).toEqual({
      organisations: ['Acme'],
      projects: ['Claims'],
      environments: ['Production'],
    });
  });

  it('matches names in part, whatever their case, wildcards taken literally', async () => {
    expect((await search('admin', 'clA')).projects).toEqual(['Claims']);
    expect((await search('admin', 'PROD')).environments).toEqual(['Production']);
    expect(await search('admin', '%')).toEqual({ organisations: [], projects: [], environments: [] });
  });

  it('never offers another organisation, except to platform staff', async () => {
    expect(await search('admin', 'Rival')).toEqual({ organisations: [], projects: [], environments: [] });
    expect(await search('outsider', 'Claims')).toEqual({ organisations: [], projects: [], environments: [] });
    expect(await search('staff', 'Rival')).toEqual({
      organisations: ['Rival Holdings'],
      projects: ['Rival secret project'],
      environments: ['Rival env'],
    });
    expect((await acme.call('GET', `${API}/navigation?q=x`, 'anonymous')).statusCode).toBe(401);
    expect((await acme.call('GET', `${API}/navigation?q=${'x'.repeat(101)}`, 'admin')).statusCode).toBe(400);
  });
});
