import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentUser } from '../../schemas/contracts/auth';
import { fixtures, PASSWORD, signIn } from './support/fixtures';
import { startTestPlatform, type TestPlatform } from './support/platform';

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform({ PASSWORD_MAX_AGE: '30d' });
});
afterAll(() => t.close());

const get = (url: string, authorization: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { authorization, ...headers } });

describe('GET /v4/console/api/user', () => {
  it('describes the user, their organisations, role and project permissions', async () => {
    const f = fixtures(t.platform.db);
    const org = await f.organisation('Acme');
    const p1 = await f.project(org, 'Claims');
    const p2 = await f.project(org, 'Quotes');
    const other = await f.organisation('Other');
    await f.project(other, 'Secret');
    const { id, username } = await f.user({ organisationId: org, projects: { [p1]: 'qualifier' } });

    const res = await get('/v4/console/api/user', await signIn(t.app, username));
    expect(res.statusCode).toBe(200);
    const user = currentUser.parse(res.json());
    expect(user).toMatchObject({
      id,
      username,
      isLight: false,
      role: 'user',
      firstname: 'Ada',
      lastname: 'Lovelace',
    });
    expect(Object.keys(user.organisations)).toEqual([org]);
    expect(user.organisations[org]).toMatchObject({ name: 'Acme', role: 'notAdmin' });
    expect(user.organisations[org].projects[p1].access).toBe('qualifier');
    expect(user.organisations[org].projects[p2].access).toBe('noAccess');
    expect(JSON.stringify(user)).not.toContain('Secret');
  });

  it('makes organisation admins configurators of every project', async () => {
    const f = fixtures(t.platform.db);
    const org = await f.organisation();
    const p = await f.project(org);
    const { username } = await f.user({ organisationId: org, isAdmin: true });
    const user = (await get('/v4/console/api/user', await signIn(t.app, username))).json();
    expect(user.organisations[org].role).toBe('admin');
    expect(user.organisations[org].projects[p].access).toBe('configurator');
  });

  it('flags light (self-service) accounts', async () => {
    const { username } = await fixtures(t.platform.db).user({ isLight: true });
    expect((await get('/v4/console/api/user', await signIn(t.app, username))).json().isLight).toBe(true);
  });
});

describe('preferences and password change', () => {
  it('stores preferences', async () => {
    const { username } = await fixtures(t.platform.db).user();
    const authorization = await signIn(t.app, username);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/v4/console/api/user/preferences',
      headers: { authorization },
      payload: { legacyHome: 'dashboard' },
    });
    expect(res.json()).toEqual({ legacyHome: 'dashboard' });
    expect((await get('/v4/console/api/user', authorization)).json().preferences).toEqual({
      legacyHome: 'dashboard',
    });
    const bad = await t.app.inject({
      method: 'PATCH',
      url: '/v4/console/api/user/preferences',
      headers: { authorization },
      payload: { legacyHome: 'elsewhere' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('revokes every earlier token when the password changes', async () => {
    const { username } = await fixtures(t.platform.db).user();
    const first = await signIn(t.app, username);
    const second = await signIn(t.app, username);
    const change = (authorization: string, payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: '/v4/console/api/user/password',
        headers: { authorization },
        payload,
      });

    const wrongCurrent = await change(first, { currentPassword: 'nope', newPassword: 'Another-Secret-99' });
    expect(wrongCurrent.statusCode).toBe(400);
    expect(wrongCurrent.json().code).toBe('CURRENT_PASSWORD_INCORRECT');
    expect(wrongCurrent.json().details).toEqual([
      {
        path: 'currentPassword',
        message: 'The current password is incorrect.',
        code: 'currentPasswordIncorrect',
      },
    ]);
    const weak = await change(first, { currentPassword: PASSWORD, newPassword: 'alllowercase-long' });
    expect(weak.json().details.map((d: { rule: string }) => d.rule)).toEqual(['digit', 'uppercase']);
    // Each broken rule by code, for the console to say in the user's language.
    expect(weak.json().details).toEqual([
      expect.objectContaining({ path: 'newPassword', code: 'passwordDigit' }),
      expect.objectContaining({
        path: 'newPassword',
        code: 'passwordUppercase',
        message: 'The password must contain an uppercase letter',
      }),
    ]);

    const ok = await change(first, { currentPassword: PASSWORD, newPassword: 'Another-Secret-99' });
    expect(ok.statusCode).toBe(200);
    const fresh = `Bearer ${ok.json().token}`;
    expect((await get('/v4/console/api/user', first)).statusCode).toBe(401);
    expect((await get('/v4/console/api/user', second)).statusCode).toBe(401);
    expect((await get('/v4/console/api/user', fresh)).statusCode).toBe(200);
  });
});

describe('expired password (spec §8: 410 with a refresh token)', () => {
  it('answers 410 at sign-in and on calls; the refresh token sets a new password', async () => {
    const { id, username } = await fixtures(t.platform.db).user();
    const authorization = await signIn(t.app, username);
    await t.platform.db.query(
      `UPDATE users SET password_changed_at = now() - interval '31 days' WHERE id = $1`,
      [id],
    );

    const call = await get('/v4/console/api/user', authorization);
    expect(call.statusCode).toBe(410);
    expect(call.json()).toMatchObject({ code: 'PASSWORD_EXPIRED', refreshToken: expect.any(String) });

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login_check',
      payload: { username, password: PASSWORD },
    });
    expect(login.statusCode).toBe(410);
    const { refreshToken } = login.json();
    expect(
      (await t.app.inject({ method: 'GET', url: `/users/password/forgotten/check/${refreshToken}` }))
        .statusCode,
    ).toBe(200);
    const reset = await t.app.inject({
      method: 'PUT',
      url: '/users/password/forgotten',
      payload: { token: refreshToken, password: 'Renewed-Password-1' },
    });
    expect(reset.statusCode).toBe(204);
    await expect(signIn(t.app, username, 'Renewed-Password-1')).resolves.toMatch(/^Bearer/);
  });

  it('does not hand a refresh token to someone who got the password wrong', async () => {
    const { id, username } = await fixtures(t.platform.db).user();
    await t.platform.db.query(
      `UPDATE users SET password_changed_at = now() - interval '40 days' WHERE id = $1`,
      [id],
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login_check',
      payload: { username, password: 'wrong-one' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().refreshToken).toBeUndefined();
  });
});

describe('impersonation (switch header)', () => {
  it('lets platform staff act as another user, and nobody else', async () => {
    const f = fixtures(t.platform.db);
    const staff = await f.user({ isStaff: true });
    const target = await f.user();
    const plain = await f.user();
    const asStaff = await get('/v4/console/api/user', await signIn(t.app, staff.username), {
      'x-switch-user': target.username,
    });
    expect(asStaff.statusCode).toBe(200);
    expect(asStaff.json().username).toBe(target.username);

    const asPlain = await get('/v4/console/api/user', await signIn(t.app, plain.username), {
      'x-switch-user': target.username,
    });
    expect(asPlain.statusCode).toBe(403);
    expect(asPlain.json().code).toBe('SWITCH_FORBIDDEN');

    const unknown = await get('/v4/console/api/user', await signIn(t.app, staff.username), {
      'x-switch-user': 'ghost',
    });
    expect(unknown.statusCode).toBe(400);
  });
});
