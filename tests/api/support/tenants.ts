import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { fixtures, signIn } from './fixtures';
import type { TestPlatform } from './platform';

export const API = '/v4/console/api';

/** The callers of the role matrix (spec §6), plus platform staff and nobody. */
export const ROLES = [
  'admin',
  'configurator',
  'qualifier',
  'cockpit',
  'noAccess',
  'outsider',
  'staff',
  'anonymous',
] as const;
export type Role = (typeof ROLES)[number];

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Two organisations: Acme (projects Claims and Closed; Claims has a public and a hidden environment)
 * and Rival, whose names and ids must never reach Acme's members. One signed-in user per role:
 * levels are on Claims; the outsider administers Rival.
 */
export const buildTenants = async (t: TestPlatform) => {
  const f = fixtures(t.platform.db);
  const org = await f.organisation('Acme');
  const project = await f.project(org, 'Claims');
  const closed = await f.project(org, 'Closed');
  const env = await f.environment(project, 'Production');
  const hidden = await f.environment(project, 'Staging', 'hidden');
  const otherOrg = await f.organisation('Rival Holdings');
  const otherProject = await f.project(otherOrg, 'Rival secret project');
  const otherEnv = await f.environment(otherProject, 'Rival env');
  const levels = {
    configurator: 'configurator',
    qualifier: 'qualifier',
    cockpit: 'cockpit',
    noAccess: 'noAccess',
  } as const;
  const users = {
    admin: await f.user({ username: 'acme-admin', organisationId: org, isAdmin: true }),
    configurator: await f.user({
      username: 'acme-configurator',
      organisationId: org,
      projects: { [project]: 'configurator' },
    }),
    qualifier: await f.user({
      username: 'acme-qualifier',
      organisationId: org,
      projects: { [project]: 'qualifier' },
    }),
    cockpit: await f.user({
      username: 'acme-cockpit',
      organisationId: org,
      projects: { [project]: 'cockpit' },
    }),
    noAccess: await f.user({
      username: 'acme-noaccess',
      organisationId: org,
      projects: { [project]: 'noAccess' },
    }),
    outsider: await f.user({ username: 'rival-admin', organisationId: otherOrg, isAdmin: true }),
    staff: await f.user({ username: 'platform-staff', isStaff: true }),
  };
  const auth = Object.fromEntries(
    await Promise.all(
      Object.entries(users).map(async ([role, u]) => [role, await signIn(t.app, u.username)]),
    ),
  ) as Record<Exclude<Role, 'anonymous'>, string>;

  /** A project of Acme where every role user holds the same level as on Claims. */
  const projectWithRoles = async (name = `P ${Math.random().toString(36).slice(2, 8)}`) => {
    const id = await f.project(org, name);
    for (const [role, level] of Object.entries(levels)) {
      await t.platform.db.query(
        'INSERT INTO project_access (project_id, user_id, level) VALUES ($1, $2, $3)',
        [id, users[role as keyof typeof levels].id, level],
      );
    }
    return id;
  };

  const call = (
    method: Method,
    url: string,
    who: Role,
    payload?: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method,
      url,
      headers: { ...(who === 'anonymous' ? {} : { authorization: auth[who] }), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  return {
    ids: { org, project, closed, env, hidden, otherOrg, otherProject, otherEnv },
    users,
    auth,
    fixtures: f,
    projectWithRoles,
    call,
    /** Everything of Rival that Acme's members must never read. */
    rivalSecrets: [
      otherOrg,
      otherProject,
      otherEnv,
      'Rival Holdings',
      'Rival secret project',
      'Rival env',
      users.outsider.id,
    ],
  };
};

export type Tenants = Awaited<ReturnType<typeof buildTenants>>;

/** `?sort=…&range=…&filter=…` with JSON values, as ra-data-simple-rest writes them. */
export const listQuery = (params: { sort?: unknown; range?: unknown; filter?: unknown }) =>
  '?' +
  Object.entries(params)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${encodeURIComponent(JSON.stringify(v))}`)
    .join('&');

type EnvironmentMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Calls on one environment's console API as one role: `url('modules')`, `call('PATCH', 'modules/x',
 * body)`, and `ok(…)`, which expects a success and answers its JSON. `env` is read at each call (the
 * environment is created in `beforeAll`).
 */
export const environmentCalls = (tenants: () => Tenants, env: () => string, who: Role = 'configurator') => {
  const url = (path: string) => `${API}/environments/${env()}/${path}`;
  const call = (method: EnvironmentMethod, path: string, body?: object) =>
    tenants().call(method, url(path), who, body);
  const ok = async (method: EnvironmentMethod, path: string, body?: object) => {
    const res = await call(method, path, body);
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json();
  };
  return { url, call, ok };
};
