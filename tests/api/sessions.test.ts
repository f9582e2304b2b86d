import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtures, PASSWORD, signIn } from './support/fixtures';
import { startTestPlatform, type TestPlatform } from './support/platform';
import { API, buildTenants, type Tenants } from './support/tenants';

/**
 * Sessions (docs/security.md, "Sessions"): a logout ends the token on the server, users list and
 * revoke their sessions, administrators those of their organisation's members.
 */
let t: TestPlatform;
let acme: Tenants;

beforeAll(async () => {
  t = await startTestPlatform();
  acme = await buildTenants(t);
});
afterAll(() => t.close());

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

interface Listed {
  id: string;
  userAgent: string;
  address: string;
  current: boolean;
  createdAt: string;
  lastUsedAt: string;
  expiresAt: string;
}

/** Signs in from a browser of that User-Agent and answers the bearer header value. */
const signInFrom = async (username: string, userAgent: string, password = PASSWORD) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login_check',
    headers: { 'user-agent': userAgent },
    payload: { username, password },
  });
  expect(res.statusCode, res.body).toBe(200);
  return `Bearer ${res.json<{ token: string }>().token}`;
};

const as = (
  authorization: string,
  method: 'GET' | 'POST' | 'DELETE' | 'PUT',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers: { authorization }, ...(payload ? { payload } : {}) });

const me = (authorization: string) => as(authorization, 'GET', `${API}/user`);
const mySessions = async (authorization: string) => {
  const res = await as(authorization, 'GET', `${API}/user/sessions`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Listed[]>();
};
const newUser = () => fixtures(t.platform.db).user({ organisationId: acme.ids.org });

describe('logout', () => {
  it('refuses the token afterwards, and only that one', async () => {
    const { username } = await newUser();
    const token = await signIn(t.app, username);
    const other = await signIn(t.app, username);
    expect((await me(token)).statusCode).toBe(200);
    const out = await as(token, 'POST', `${API}/user/logout`);
    expect(out.statusCode, out.body).toBe(204);
    const after = await me(token);
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('UNAUTHENTICATED');
    // A second logout with the same token is refused like any call.
    expect((await as(token, 'POST', `${API}/user/logout`)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(200);
  });

  it('refuses a token without a session id (issued before sessions were recorded)', async () => {
    const { id } = await newUser();
    const old = t.app.jwt.sign({ sub: id, tv: 0 } as never);
    const res = await me(`Bearer ${old}`);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });

  it('under impersonation ends the staff member’s own session', async () => {
    const { username } = await fixtures(t.platform.db).user({ isStaff: true });
    const staff = await signIn(t.app, username);
    const switched = { authorization: staff, 'x-switch-user': 'acme-qualifier' };
    const out = await t.app.inject({ method: 'POST', url: `${API}/user/logout`, headers: switched });
    expect(out.statusCode).toBe(204);
    expect((await me(staff)).statusCode).toBe(401);
    expect((await me(acme.auth.qualifier)).statusCode).toBe(200);
  });
});

describe('one’s own sessions', () => {
  it('lists each live session with its device, address and times, this one marked', async () => {
    const { username } = await newUser();
    const firefox = await signInFrom(username, FIREFOX);
    const safari = await signInFrom(username, SAFARI);
    const listed = await mySessions(firefox);
    expect(listed).toHaveLength(2);
    expect(listed.map((s) => [s.userAgent, s.current]).sort()).toEqual([
      [FIREFOX, true],
      [SAFARI, false],
    ]);
    for (const s of listed) {
      expect(s.address).toBe('127.0.0.1');
      expect(Date.parse(s.expiresAt) - Date.parse(s.createdAt)).toBe(
        t.platform.config.tokenTtlSeconds * 1000,
      );
      expect(Date.parse(s.lastUsedAt)).toBeGreaterThanOrEqual(Date.parse(s.createdAt));
    }
    // Seen from the other browser, the other one is "this session".
    expect((await mySessions(safari)).find((s) => s.current)?.userAgent).toBe(SAFARI);
    // A logged-out session is no longer listed.
    await as(safari, 'POST', `${API}/user/logout`);
    expect((await mySessions(firefox)).map((s) => s.userAgent)).toEqual([FIREFOX]);
  });

  it('revokes one: its token is refused, the others still answer', async () => {
    const { username } = await newUser();
    const kept = await signInFrom(username, FIREFOX);
    const lost = await signInFrom(username, SAFARI);
    const target = (await mySessions(kept)).find((s) => !s.current)!;
    const res = await as(kept, 'DELETE', `${API}/user/sessions/${target.id}`);
    expect(res.statusCode, res.body).toBe(204);
    expect((await me(lost)).statusCode).toBe(401);
    expect((await me(kept)).statusCode).toBe(200);
    // Gone already, unknown, or not a session id at all: 404, said the same way.
    for (const id of [target.id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const again = await as(kept, 'DELETE', `${API}/user/sessions/${id}`);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toMatchObject({ code: 'NOT_FOUND', params: { what: 'session' } });
    }
  });

  it('cannot revoke another user’s session', async () => {
    const { username } = await newUser();
    const victim = await signIn(t.app, username);
    const [session] = await mySessions(victim);
    const res = await as(acme.auth.qualifier, 'DELETE', `${API}/user/sessions/${session.id}`);
    expect(res.statusCode).toBe(404);
    expect((await me(victim)).statusCode).toBe(200);
  });

  it('revokes all the others, keeping this one', async () => {
    const { username } = await newUser();
    const here = await signInFrom(username, FIREFOX);
    const others = [await signInFrom(username, SAFARI), await signIn(t.app, username)];
    const res = await as(here, 'DELETE', `${API}/user/sessions`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ revoked: 2 });
    for (const other of others) expect((await me(other)).statusCode).toBe(401);
    expect((await me(here)).statusCode).toBe(200);
    expect((await mySessions(here)).map((s) => s.current)).toEqual([true]);
  });

  it('a password change revokes every session and opens a new one', async () => {
    const { username } = await newUser();
    const first = await signInFrom(username, FIREFOX);
    const second = await signInFrom(username, SAFARI);
    const changed = await as(first, 'PUT', `${API}/user/password`, {
      currentPassword: PASSWORD,
      newPassword: 'Another-Horse-4242',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const fresh = `Bearer ${changed.json<{ token: string }>().token}`;
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(401);
    const listed = await mySessions(fresh);
    expect(listed).toHaveLength(1);
    expect(listed[0].current).toBe(true);
  });

  it('under impersonation lists the user’s sessions, never the staff member’s', async () => {
    const { username } = await fixtures(t.platform.db).user({ isStaff: true });
    const staff = await signIn(t.app, username);
    const [staffSession] = await mySessions(staff);
    const res = await t.app.inject({
      method: 'GET',
      url: `${API}/user/sessions`,
      headers: { authorization: staff, 'x-switch-user': 'acme-cockpit' },
    });
    expect(res.statusCode).toBe(200);
    const listed = res.json<Listed[]>();
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.map((s) => s.id)).not.toContain(staffSession.id);
    expect(listed.every((s) => !s.current)).toBe(true);
  });

  it('writes "last used" at most once a minute', async () => {
    const { username } = await newUser();
    const token = await signIn(t.app, username);
    const [{ id }] = await mySessions(token);
    const lastUsed = async () =>
      (
        await t.platform.db.query<{ last_used_at: Date }>('SELECT last_used_at FROM sessions WHERE id = $1', [
          id,
        ])
      )[0].last_used_at.getTime();
    const before = await lastUsed();
    await new Promise((r) => setTimeout(r, 20));
    await me(token);
    expect(await lastUsed()).toBe(before);
    await t.platform.db.query(
      "UPDATE sessions SET last_used_at = last_used_at - interval '61 seconds' WHERE id = $1",
      [id],
    );
    const aged = await lastUsed();
    await me(token);
    expect(await lastUsed()).toBeGreaterThan(aged + 60_000);
  });
});

describe('a member’s sessions, for administrators', () => {
  const userSessions = (userId: string) => `${API}/users/${userId}/sessions`;

  it('lets the organisation’s admin list and revoke them, one or all', async () => {
    const { id, username } = await newUser();
    const one = await signInFrom(username, FIREFOX);
    const two = await signInFrom(username, SAFARI);
    const listed = await acme.call('GET', userSessions(id), 'admin');
    expect(listed.statusCode, listed.body).toBe(200);
    const sessions = listed.json<Listed[]>();
    expect(sessions.map((s) => s.userAgent).sort()).toEqual([FIREFOX, SAFARI]);
    // The admin's own session is not among them, so none is "this session".
    expect(sessions.every((s) => !s.current)).toBe(true);

    const firefox = sessions.find((s) => s.userAgent === FIREFOX)!;
    const revoked = await acme.call('DELETE', `${userSessions(id)}/${firefox.id}`, 'admin');
    expect(revoked.statusCode, revoked.body).toBe(204);
    expect((await me(one)).statusCode).toBe(401);
    expect((await me(two)).statusCode).toBe(200);

    const all = await acme.call('DELETE', userSessions(id), 'admin');
    expect(all.json()).toEqual({ revoked: 1 });
    expect((await me(two)).statusCode).toBe(401);
  });

  it('lets platform staff manage anyone’s', async () => {
    const listed = await acme.call('GET', userSessions(acme.users.outsider.id), 'staff');
    expect(listed.statusCode).toBe(200);
    expect(listed.json<Listed[]>().length).toBeGreaterThan(0);
  });

  it('refuses another organisation’s admin, members who are not admin, and admins over staff', async () => {
    const { id, username } = await newUser();
    const token = await signIn(t.app, username);
    const [session] = await mySessions(token);
    const staffMember = await fixtures(t.platform.db).user({
      isStaff: true,
      organisationId: acme.ids.org,
    });
    const refusals = [
      ['outsider', 'GET', userSessions(id)],
      ['outsider', 'DELETE', userSessions(id)],
      ['outsider', 'DELETE', `${userSessions(id)}/${session.id}`],
      ['configurator', 'GET', userSessions(id)],
      ['qualifier', 'DELETE', `${userSessions(id)}/${session.id}`],
      ['admin', 'GET', userSessions(staffMember.id)],
      // Unknown ids are refused alike: the answer does not tell which users exist.
      ['admin', 'GET', userSessions('00000000-0000-4000-8000-000000000000')],
      ['admin', 'GET', userSessions('not-a-uuid')],
    ] as const;
    for (const [who, method, url] of refusals) {
      const res = await acme.call(method, url, who);
      expect({ who, method, url, status: res.statusCode, code: res.json().code }).toEqual({
        who,
        method,
        url,
        status: 403,
        code: 'FORBIDDEN',
      });
    }
    expect((await me(token)).statusCode).toBe(200);
  });
});

describe('the OpenAPI document', () => {
  it('describes the session routes', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/v4/docs/json' })).json<{
      paths: Record<string, object>;
    }>();
    expect(Object.keys(doc.paths['/v4/console/api/user/logout'])).toEqual(['post']);
    expect(Object.keys(doc.paths['/v4/console/api/user/sessions']).sort()).toEqual(['delete', 'get']);
    expect(Object.keys(doc.paths['/v4/console/api/user/sessions/{sessionId}'])).toEqual(['delete']);
    expect(Object.keys(doc.paths['/v4/console/api/users/{userId}/sessions']).sort()).toEqual([
      'delete',
      'get',
    ]);
    expect(Object.keys(doc.paths['/v4/console/api/users/{userId}/sessions/{sessionId}'])).toEqual(['delete']);
  });
});
