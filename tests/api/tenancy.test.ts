import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtures, signIn } from './support/fixtures';
import { startTestPlatform, type TestPlatform } from './support/platform';

let t: TestPlatform;
let ids: {
  org: string;
  project: string;
  closed: string;
  env: string;
  hidden: string;
  otherOrg: string;
  otherEnv: string;
};
let auth: Record<'admin' | 'configurator' | 'qualifier' | 'cockpit' | 'noAccess' | 'outsider', string>;

beforeAll(async () => {
  t = await startTestPlatform();
  const f = fixtures(t.platform.db);
  const org = await f.organisation('Acme');
  const project = await f.project(org, 'Claims');
  const closed = await f.project(org, 'Closed');
  const env = await f.environment(project, 'Production');
  const hidden = await f.environment(project, 'Staging', 'hidden');
  const otherOrg = await f.organisation('Rival');
  const otherEnv = await f.environment(await f.project(otherOrg, 'Rival project'), 'Rival env');
  ids = { org, project, closed, env, hidden, otherOrg, otherEnv };
  const user = async (spec: Parameters<typeof f.user>[0]) => signIn(t.app, (await f.user(spec)).username);
  auth = {
    admin: await user({ organisationId: org, isAdmin: true }),
    configurator: await user({ organisationId: org, projects: { [project]: 'configurator' } }),
    qualifier: await user({ organisationId: org, projects: { [project]: 'qualifier' } }),
    cockpit: await user({ organisationId: org, projects: { [project]: 'cockpit' } }),
    noAccess: await user({ organisationId: org, projects: { [project]: 'noAccess' } }),
    outsider: await user({ organisationId: otherOrg, isAdmin: true }),
  };
});
afterAll(() => t.close());

const get = (url: string, who: keyof typeof auth) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: auth[who] } });

describe('organisation, project and environment reads', () => {
  it('answers each role what spec §6 lets it see', async () => {
    const expectations: [string, Record<keyof typeof auth, number>][] = [
      [
        `/v4/console/api/organisations/${ids.org}`,
        { admin: 200, configurator: 200, qualifier: 200, cockpit: 200, noAccess: 200, outsider: 404 },
      ],
      [
        `/v4/console/api/projects/${ids.project}`,
        { admin: 200, configurator: 200, qualifier: 200, cockpit: 200, noAccess: 404, outsider: 404 },
      ],
      [
        `/v4/console/api/projects/${ids.project}/environments`,
        { admin: 200, configurator: 200, qualifier: 200, cockpit: 200, noAccess: 404, outsider: 404 },
      ],
      [
        `/v4/console/api/environment/${ids.env}`,
        { admin: 200, configurator: 200, qualifier: 200, cockpit: 200, noAccess: 404, outsider: 404 },
      ],
      [
        `/v4/console/api/environment/${ids.hidden}`,
        { admin: 200, configurator: 200, qualifier: 404, cockpit: 404, noAccess: 404, outsider: 404 },
      ],
      [
        `/v4/console/api/environment/${ids.otherEnv}`,
        { admin: 404, configurator: 404, qualifier: 404, cockpit: 404, noAccess: 404, outsider: 200 },
      ],
    ];
    for (const [url, byRole] of expectations) {
      const actual = Object.fromEntries(
        await Promise.all(
          Object.keys(byRole).map(async (who) => [
            who,
            (await get(url, who as keyof typeof auth)).statusCode,
          ]),
        ),
      );
      expect({ url, ...actual }).toEqual({ url, ...byRole });
    }
  });

  it('answers 401 without a token and 404 for ids that cannot exist', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: `/v4/console/api/environment/${ids.env}` })).statusCode,
    ).toBe(401);
    expect((await get('/v4/console/api/environment/1%27%20OR%201=1', 'admin')).statusCode).toBe(404);
    expect((await get('/v4/console/api/projects/not-a-uuid', 'admin')).statusCode).toBe(404);
  });

  it('hides hidden environments from basic project users', async () => {
    const names = async (who: keyof typeof auth) =>
      (await get(`/v4/console/api/projects/${ids.project}/environments`, who))
        .json()
        .map((e: { name: string }) => e.name);
    expect(await names('configurator')).toEqual(['Production', 'Staging']);
    expect(await names('qualifier')).toEqual(['Production']);
  });

  it('lists an organisation’s projects with Content-Range, without projects the caller cannot open', async () => {
    const filter = encodeURIComponent(JSON.stringify({ organisationId: ids.org }));
    const admin = await get(`/v4/console/api/projects?filter=${filter}`, 'admin');
    expect(admin.json().map((p: { name: string }) => p.name)).toEqual(['Claims', 'Closed']);
    expect(admin.headers['content-range']).toBe('projects 0-1/2');
    expect(
      (await get(`/v4/console/api/projects?filter=${filter}`, 'qualifier'))
        .json()
        .map((p: { name: string }) => p.name),
    ).toEqual(['Claims']);
    expect((await get(`/v4/console/api/projects?filter=${filter}`, 'outsider')).statusCode).toBe(404);
    expect((await get('/v4/console/api/projects?filter=%7Bnot-json', 'admin')).statusCode).toBe(400);
  });

  it('gives the environment with its project and organisation names (document titles)', async () => {
    expect((await get(`/v4/console/api/environment/${ids.env}`, 'qualifier')).json()).toMatchObject({
      id: ids.env,
      name: 'Production',
      projectId: ids.project,
      projectName: 'Claims',
      organisationId: ids.org,
      organisationName: 'Acme',
    });
  });
});
