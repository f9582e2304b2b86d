import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentUser } from '../../schemas/contracts/auth';
import { fixtures, signIn } from './support/fixtures';
import { startTestPlatform, type TestPlatform } from './support/platform';

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());

const marks = (projectId: string, payload: object, authorization?: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/v4/console/api/projects/${projectId}/marks`,
    headers: authorization ? { authorization } : {},
    payload,
  });

const projectOf = async (authorization: string, orgId: string, projectId: string) => {
  const res = await t.app.inject({ method: 'GET', url: '/v4/console/api/user', headers: { authorization } });
  expect(res.statusCode).toBe(200);
  return currentUser.parse(res.json()).organisations[orgId].projects[projectId];
};

describe('PUT /v4/console/api/projects/{projectId}/marks', () => {
  it('sets and unsets favourite and quick access, read back in the current user', async () => {
    const f = fixtures(t.platform.db);
    const org = await f.organisation();
    const p = await f.project(org, 'Claims');
    const { username } = await f.user({ organisationId: org, projects: { [p]: 'cockpit' } });
    const auth = await signIn(t.app, username);
    expect(await projectOf(auth, org, p)).toMatchObject({ favourite: false, quickAccess: false });

    const fav = await marks(p, { favourite: true }, auth);
    expect(fav.statusCode).toBe(200);
    expect(fav.json()).toEqual({ favourite: true, quickAccess: false });
    expect(await projectOf(auth, org, p)).toMatchObject({ favourite: true, quickAccess: false });

    // Only the given mark changes.
    expect((await marks(p, { quickAccess: true }, auth)).json()).toEqual({
      favourite: true,
      quickAccess: true,
    });
    expect(await projectOf(auth, org, p)).toMatchObject({ favourite: true, quickAccess: true });

    expect((await marks(p, { favourite: false }, auth)).json()).toEqual({
      favourite: false,
      quickAccess: true,
    });
    expect((await marks(p, { quickAccess: false }, auth)).json()).toEqual({
      favourite: false,
      quickAccess: false,
    });
    expect(await projectOf(auth, org, p)).toMatchObject({ favourite: false, quickAccess: false });
    expect((await marks(p, {}, auth)).json()).toEqual({ favourite: false, quickAccess: false });
  });

  it('keeps marks per user', async () => {
    const f = fixtures(t.platform.db);
    const org = await f.organisation();
    const p = await f.project(org);
    const alice = await signIn(t.app, (await f.user({ organisationId: org, isAdmin: true })).username);
    const bob = await signIn(
      t.app,
      (await f.user({ organisationId: org, projects: { [p]: 'qualifier' } })).username,
    );

    expect((await marks(p, { favourite: true, quickAccess: true }, alice)).statusCode).toBe(200);
    expect(await projectOf(alice, org, p)).toMatchObject({ favourite: true, quickAccess: true });
    expect(await projectOf(bob, org, p)).toMatchObject({ favourite: false, quickAccess: false });

    expect((await marks(p, { quickAccess: true }, bob)).json()).toEqual({
      favourite: false,
      quickAccess: true,
    });
    expect(await projectOf(alice, org, p)).toMatchObject({ favourite: true, quickAccess: true });
  });

  it('answers 404 for projects the caller cannot see, 401 without a token, 400 for unknown fields', async () => {
    const f = fixtures(t.platform.db);
    const org = await f.organisation();
    const open = await f.project(org, 'Open');
    const closed = await f.project(org, 'Closed');
    const other = await f.organisation();
    const foreign = await f.project(other, 'Foreign');
    const { username } = await f.user({
      organisationId: org,
      projects: { [open]: 'configurator', [closed]: 'noAccess' },
    });
    const auth = await signIn(t.app, username);

    for (const id of [closed, foreign, 'not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const res = await marks(id, { favourite: true }, auth);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    expect((await marks(open, { favourite: true })).statusCode).toBe(401);
    expect((await marks(open, { favourite: true, pinned: true }, auth)).statusCode).toBe(400);
    expect((await marks(open, { favourite: 'yes' }, auth)).statusCode).toBe(400);
    expect(await projectOf(auth, org, open)).toMatchObject({ favourite: false, quickAccess: false });
  });

  it('answers 404 to staff for a project that does not exist', async () => {
    const { username } = await fixtures(t.platform.db).user({ isStaff: true });
    const res = await marks(
      '00000000-0000-4000-8000-000000000000',
      { favourite: true },
      await signIn(t.app, username),
    );
    expect(res.statusCode).toBe(404);
  });
});
