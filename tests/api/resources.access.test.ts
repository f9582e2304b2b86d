import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './support/fixtures';
import { startTestPlatform, type TestPlatform } from './support/platform';
import { API, buildTenants, listQuery, ROLES, type Role, type Tenants } from './support/tenants';

let t: TestPlatform;
let acme: Tenants;

/** A domain module of the project, which the domain rules of the matrix use. */
let domainModule: string;

beforeAll(async () => {
  t = await startTestPlatform();
  acme = await buildTenants(t);
  // A domain rule names a categorisation rule of the project (spec §5) and one of its domain modules.
  const category = await acme.call('POST', `${API}/environments/${acme.ids.env}/categories`, 'admin', {
    name: 'Matrix',
    kind: 'message',
    rules: [
      { name: 'matrix-rule', priority: 1, criteria: { type: 'metadata', name: 'source', value: 'matrix' } },
    ],
  });
  expect(category.statusCode, category.body).toBe(201);
  const created = await acme.call('POST', `${API}/projects/${acme.ids.project}/domain-modules`, 'admin', {
    name: 'Matrix categorisation',
    module: 'categorization',
  });
  expect(created.statusCode, created.body).toBe(201);
  domainModule = created.json().id as string;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** Expected status per caller, in ROLES order: admin, configurator, qualifier, cockpit, noAccess, outsider, staff, anonymous. */
type Statuses = [number, number, number, number, number, number, number, number];
interface Route {
  name: string;
  method: Method;
  /** Built per caller: a delete that succeeds needs a record of its own. */
  url: (who: Role) => string | Promise<string>;
  body?: (who: Role) => unknown;
  expected: Statuses;
}

const unique = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 8)}`;

const routes = (): Route[] => {
  const { org, project, env } = acme.ids;
  const { fixtures: f, users, call } = acme;
  const orgs = `${API}/organisations/${org}`;
  const freshMember = async () => `${orgs}/members/${(await f.user({ organisationId: org })).id}`;
  const freshInvitation = async () => {
    const res = await call('POST', `${orgs}/invitations`, 'admin', {
      email: `${unique('guest')}@example.test`,
      firstname: 'Guest',
      lastname: 'Invited',
    });
    return `${orgs}/invitations/${res.json().id}`;
  };
  // A member of Acme signed in once, whose session an administrator may revoke.
  const freshSessions = async () => {
    const member = await f.user({ organisationId: org });
    const authorization = await signIn(t.app, member.username);
    const listed = await t.app.inject({
      method: 'GET',
      url: `${API}/user/sessions`,
      headers: { authorization },
    });
    return { url: `${API}/users/${member.id}/sessions`, session: listed.json()[0].id as string };
  };
  const envs = `${API}/projects/${project}/environments`;
  const bank = `${API}/projects/${project}/messages`;
  const tests = `${API}/projects/${project}/tests`;
  const freshMessage = async () => {
    const res = await call('POST', bank, 'qualifier', {
      name: unique('message'),
      text: 'Bonjour',
      tags: ['matrix'],
    });
    return `${bank}/${res.json().id}`;
  };
  const domainModules = `${API}/projects/${project}/domain-modules`;
  const domainRules = `${API}/projects/${project}/domain-rules`;
  const freshDomainModule = async () => {
    const res = await call('POST', domainModules, 'qualifier', {
      name: unique('module'),
      module: 'extraction',
    });
    return `${domainModules}/${res.json().id}`;
  };
  const freshDomainRule = async () => {
    const res = await call('POST', domainRules, 'qualifier', {
      name: 'matrix-rule',
      classification: unique('Matrix'),
      module: domainModule,
    });
    return `${domainRules}/${res.json().id}`;
  };
  const freshTest = async () => {
    await freshMessage();
    const res = await call('POST', tests, 'qualifier', { tag: 'matrix', environmentId: env });
    return `${tests}/${res.json().id}`;
  };
  return [
    // prettier-ignore
    ...([
      // resource / operation     method    url                                           admin conf qual cock noAc outs staff anon
      ['organisations list',     'GET',    () => `${API}/organisations`,                  [200, 200, 200, 200, 200, 200, 200, 401]],
      ['organisations get',      'GET',    () => orgs,                                    [200, 200, 200, 200, 200, 404, 200, 401]],
      ['organisations create',   'POST',   () => `${API}/organisations`,                  [403, 403, 403, 403, 403, 403, 201, 401]],
      ['organisations update',   'PUT',    () => orgs,                                    [200, 403, 403, 403, 403, 404, 200, 401]],
      ['organisations delete',   'DELETE', async (who: Role) => who === 'staff' ? `${API}/organisations/${await f.organisation()}` : orgs,
                                                                                          [403, 403, 403, 403, 403, 404, 204, 401]],
      ['members list',           'GET',    () => `${orgs}/members`,                       [200, 200, 200, 200, 200, 404, 200, 401]],
      ['members get',            'GET',    () => `${orgs}/members/${users.qualifier.id}`, [200, 200, 200, 200, 200, 404, 200, 401]],
      ['members create',         'POST',   () => `${orgs}/members`,                       [201, 403, 403, 403, 403, 404, 201, 401]],
      ['members update',         'PUT',    freshMember,                                   [200, 403, 403, 403, 403, 404, 200, 401]],
      ['members delete',         'DELETE', freshMember,                                   [204, 403, 403, 403, 403, 404, 204, 401]],
      // Sessions: one's own for anyone signed in; a member's for their organisation's admins and staff.
      ['own sessions list',      'GET',    () => `${API}/user/sessions`,                  [200, 200, 200, 200, 200, 200, 200, 401]],
      ['own sessions revoke others', 'DELETE', () => `${API}/user/sessions`,              [200, 200, 200, 200, 200, 200, 200, 401]],
      ['member sessions list',   'GET',    () => `${API}/users/${users.qualifier.id}/sessions`,
                                                                                          [200, 403, 403, 403, 403, 403, 200, 401]],
      ['member sessions revoke', 'DELETE', async () => { const { url, session } = await freshSessions(); return `${url}/${session}`; },
                                                                                          [204, 403, 403, 403, 403, 403, 204, 401]],
      ['member sessions revoke all', 'DELETE', async () => (await freshSessions()).url,  [200, 403, 403, 403, 403, 403, 200, 401]],
      ['invitations list',       'GET',    () => `${orgs}/invitations`,                   [200, 403, 403, 403, 403, 404, 200, 401]],
      ['invitations get',        'GET',    freshInvitation,                               [200, 403, 403, 403, 403, 404, 200, 401]],
      ['invitations create',     'POST',   () => `${orgs}/invitations`,                   [201, 403, 403, 403, 403, 404, 201, 401]],
      ['invitations update',     'PUT',    freshInvitation,                               [404, 404, 404, 404, 404, 404, 404, 404]],
      ['invitations delete',     'DELETE', freshInvitation,                               [204, 403, 403, 403, 403, 404, 204, 401]],
      ['projects list',          'GET',    () => `${API}/projects${listQuery({ filter: { organisationId: org } })}`,
                                                                                          [200, 200, 200, 200, 200, 404, 200, 401]],
      ['projects get',           'GET',    () => `${API}/projects/${project}`,            [200, 200, 200, 200, 404, 404, 200, 401]],
      ['projects create',        'POST',   () => `${API}/projects`,                       [201, 403, 403, 403, 403, 404, 201, 401]],
      ['projects update',        'PUT',    () => `${API}/projects/${project}`,            [200, 200, 403, 403, 404, 404, 200, 401]],
      ['projects delete',        'DELETE', async () => `${API}/projects/${await acme.projectWithRoles()}`,
                                                                                          [204, 204, 403, 403, 404, 404, 204, 401]],
      ['environments list',      'GET',    () => envs,                                    [200, 200, 200, 200, 404, 404, 200, 401]],
      ['environments get',       'GET',    () => `${envs}/${env}`,                        [200, 200, 200, 200, 404, 404, 200, 401]],
      ['environments create',    'POST',   () => envs,                                    [201, 201, 403, 403, 404, 404, 201, 401]],
      ['environments update',    'PUT',    () => `${envs}/${env}`,                        [200, 200, 403, 403, 404, 404, 200, 401]],
      ['environments delete',    'DELETE', async () => `${envs}/${await f.environment(project, unique('env'))}`,
                                                                                          [204, 204, 403, 403, 404, 404, 204, 401]],
      // The testing centre needs the qualifier level (spec §6).
      ['messages list',          'GET',    () => bank,                                    [200, 200, 200, 403, 404, 404, 200, 401]],
      ['messages get',           'GET',    freshMessage,                                  [200, 200, 200, 403, 404, 404, 200, 401]],
      ['messages create',        'POST',   () => bank,                                    [201, 201, 201, 403, 404, 404, 201, 401]],
      ['messages upload',        'POST',   () => `${bank}/upload`,                        [201, 201, 201, 403, 404, 404, 201, 401]],
      ['messages content',       'GET',    async () => `${await freshMessage()}/content`, [200, 200, 200, 403, 404, 404, 200, 401]],
      ['messages update',        'PUT',    freshMessage,                                  [200, 200, 200, 403, 404, 404, 200, 401]],
      ['messages delete',        'DELETE', freshMessage,                                  [204, 204, 204, 403, 404, 404, 204, 401]],
      ['messages sampling',      'POST',   () => `${bank}/sampling`,                      [200, 200, 200, 403, 404, 404, 200, 401]],
      ['message tags',           'GET',    () => `${API}/projects/${project}/message-tags`, [200, 200, 200, 403, 404, 404, 200, 401]],
      ['tests list',             'GET',    () => tests,                                   [200, 200, 200, 403, 404, 404, 200, 401]],
      ['tests get',              'GET',    freshTest,                                     [200, 200, 200, 403, 404, 404, 200, 401]],
      ['tests create',           'POST',   () => tests,                                   [201, 201, 201, 403, 404, 404, 201, 401]],
      ['tests scores',           'GET',    async () => `${await freshTest()}/scores`,     [200, 200, 200, 403, 404, 404, 200, 401]],
      ['tests delete',           'DELETE', freshTest,                                     [204, 204, 204, 403, 404, 404, 204, 401]],
      ['qualification overview', 'GET',    () => `${API}/projects/${project}/qualification`, [200, 200, 200, 403, 404, 404, 200, 401]],
      // Both runs still run: the callers let through are told to wait (409), the others refused.
      ['tests compare',          'GET',    async () => `${await freshTest()}/compare/${(await freshTest()).split('/').pop()}`,
                                                                                          [409, 409, 409, 403, 404, 404, 409, 401]],
      // Previewing a rule edit is configuring: the configurator level on the environment.
      ['impact preview',         'POST',   () => `${API}/environments/${env}/impact-preview`,
                                                                                          [200, 200, 403, 403, 404, 404, 200, 401]],
      ['test sets list',         'GET',    () => `${API}/projects/${project}/test-sets`,  [200, 200, 200, 403, 404, 404, 200, 401]],
      ['tag visibility list',    'GET',    () => `${API}/projects/${project}/tag-visibility`,
                                                                                          [200, 200, 200, 403, 404, 404, 200, 401]],
      // Made public when public already: a change to nothing, so that only access decides the answer.
      ['tag visibility set',     'PUT',    () => `${API}/projects/${project}/tag-visibility`,
                                                                                          [200, 200, 200, 403, 404, 404, 200, 401]],
      ['domain modules list',    'GET',    () => domainModules,                           [200, 200, 200, 403, 404, 404, 200, 401]],
      ['domain modules create',  'POST',   () => domainModules,                           [201, 201, 201, 403, 404, 404, 201, 401]],
      ['domain modules update',  'PUT',    freshDomainModule,                             [200, 200, 200, 403, 404, 404, 200, 401]],
      ['domain modules delete',  'DELETE', freshDomainModule,                             [204, 204, 204, 403, 404, 404, 204, 401]],
      ['project rules',          'GET',    () => `${API}/projects/${project}/category-rules`, [200, 200, 200, 403, 404, 404, 200, 401]],
      ['domain rules list',      'GET',    () => domainRules,                             [200, 200, 200, 403, 404, 404, 200, 401]],
      ['domain rules get',       'GET',    freshDomainRule,                               [200, 200, 200, 403, 404, 404, 200, 401]],
      ['domain rules create',    'POST',   () => domainRules,                             [201, 201, 201, 403, 404, 404, 201, 401]],
      ['domain rules update',    'PUT',    freshDomainRule,                               [200, 200, 200, 403, 404, 404, 200, 401]],
      ['domain rules delete',    'DELETE', freshDomainRule,                               [204, 204, 204, 403, 404, 404, 204, 401]],
    ] as const).map(([name, method, url, expected]) => ({ name, method, url, expected: [...expected] as Statuses })),
  ].map((route) => ({ ...route, body: bodies[route.name] }));
};

/** What each create or update sends: valid, so that only access decides the answer. */
const bodies: Record<string, (who: Role) => unknown> = {
  'organisations create': (who) => ({ name: `Org of ${unique(who)}` }),
  // The contract and quota are staff-only (headers.test.ts): the name is what an admin may change.
  'organisations update': () => ({ name: 'Acme' }),
  'members create': (who) => {
    const name = unique(who);
    return { firstname: 'New', lastname: 'Member', username: name, email: `${name}@example.test` };
  },
  'members update': () => ({ position: 'Lead analyst' }),
  'invitations create': (who) => ({
    email: `${unique(who)}@example.test`,
    firstname: 'In',
    lastname: 'Vited',
  }),
  'invitations update': () => ({ firstname: 'Changed' }),
  'projects create': (who) => ({ organisationId: acme.ids.org, name: unique(who) }),
  'projects update': () => ({ notes: 'Updated by the role matrix' }),
  'environments create': (who) => ({ name: unique(who) }),
  'environments update': () => ({ aiVersion: 'v4' }),
  'messages create': (who) => ({ name: unique(who), text: 'Bonjour', tags: ['matrix'] }),
  'messages upload': () => ({ type: 'text', text: 'Bonjour, je souhaite résilier.', tags: 'matrix' }),
  'messages update': () => ({ name: 'Renamed by the role matrix', text: 'Bonjour' }),
  'tests create': () => ({ tag: 'matrix', environmentId: acme.ids.env }),
  'messages sampling': () => ({ status: 'processed', count: 1, tags: ['matrix'] }),
  'impact preview': () => ({ resource: 'category', id: null, data: { name: 'Matrix', kind: 'message' } }),
  'tag visibility set': () => ({ tag: 'matrix', visibility: 'public' }),
  'domain modules create': (who) => ({ name: unique(who), module: 'categorization' }),
  'domain modules update': () => ({ description: 'Updated by the role matrix' }),
  'domain rules create': (who) => ({
    name: 'matrix-rule',
    classification: unique(who),
    module: domainModule,
  }),
  'domain rules update': () => ({ inputType: 'email' }),
};

describe('the role matrix of every resource route (spec §6)', () => {
  const seen: { who: Role; route: string; url: string; body: string }[] = [];

  // Some rows make a member and sign them in (scrypt, twice) for each caller: the table takes a while.
  it('answers each caller the status of the table', { timeout: 120_000 }, async () => {
    const failures: string[] = [];
    for (const route of routes()) {
      for (const [i, who] of ROLES.entries()) {
        const url = await route.url(who);
        const res = await acme.call(route.method, url, who, route.body?.(who));
        seen.push({ who, route: route.name, url, body: res.body });
        if (res.statusCode !== route.expected[i])
          failures.push(
            `${route.name} as ${who}: ${res.statusCode} (expected ${route.expected[i]}) ${res.body}`,
          );
      }
    }
    expect(failures).toEqual([]);
  });

  it("never shows another organisation's names or ids", () => {
    const acmeSecrets = [acme.ids.org, acme.ids.project, acme.ids.env, 'Acme', 'Claims', 'Production'];
    for (const { who, route, url, body: raw } of seen) {
      if (who === 'staff') continue; // platform staff see every organisation by design
      // A 404 may repeat the path the caller sent; that tells them nothing.
      const body = raw.replaceAll(url.split('?')[0], '');
      const secrets = who === 'outsider' ? acmeSecrets : acme.rivalSecrets;
      for (const secret of secrets)
        expect({ who, route, leaked: body.includes(secret) && secret }).toEqual({
          who,
          route,
          leaked: false,
        });
    }
  });

  it('keeps hidden environments from users below configurator', async () => {
    const url = `${API}/projects/${acme.ids.project}/environments`;
    const names = async (who: Role) =>
      (await acme.call('GET', url, who)).json().map((e: { name: string }) => e.name);
    expect(await names('configurator')).toContain('Staging');
    expect(await names('qualifier')).not.toContain('Staging');
    expect((await acme.call('GET', `${url}/${acme.ids.hidden}`, 'qualifier')).statusCode).toBe(404);
    expect(
      (await acme.call('PUT', `${url}/${acme.ids.hidden}`, 'cockpit', { name: 'Seen' })).statusCode,
    ).toBe(404);
  });

  it('answers 404 for ids of another tenant and ids that are not UUIDs, 403 with FORBIDDEN below the level', async () => {
    const { call, ids } = acme;
    expect((await call('GET', `${API}/projects/${ids.otherProject}`, 'admin')).statusCode).toBe(404);
    expect(
      (await call('GET', `${API}/projects/${ids.otherProject}/environments/${ids.otherEnv}`, 'admin'))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('GET', `${API}/projects/${ids.project}/environments/${ids.otherEnv}`, 'admin')).statusCode,
    ).toBe(404);
    expect(
      (await call('DELETE', `${API}/organisations/${ids.org}/members/not-a-uuid`, 'admin')).statusCode,
    ).toBe(404);
    expect((await call('GET', `${API}/organisations/1%27%20OR%201=1/members`, 'admin')).statusCode).toBe(404);
    const forbidden = await call('PUT', `${API}/projects/${ids.project}`, 'qualifier', { notes: 'no' });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().code).toBe('FORBIDDEN');
    // A record of another tenant gets the same answer as one that never existed.
    const unknown = await call('GET', `${API}/projects/00000000-0000-4000-8000-000000000000`, 'admin');
    expect((await call('GET', `${API}/projects/${ids.otherProject}`, 'admin')).json()).toEqual(
      unknown.json(),
    );
  });

  it('lists organisations: staff see all, others their own', async () => {
    const names = async (who: Role) =>
      (await acme.call('GET', `${API}/organisations`, who)).json().map((o: { name: string }) => o.name);
    expect(await names('qualifier')).toEqual(['Acme']);
    expect(await names('outsider')).toEqual(['Rival Holdings']);
    expect(await names('staff')).toEqual(expect.arrayContaining(['Acme', 'Rival Holdings']));
  });
});
