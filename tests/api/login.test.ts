import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtures, PASSWORD, signIn } from './support/fixtures';
import { startTestPlatform, type TestPlatform } from './support/platform';

let t: TestPlatform;
const login = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/login_check', payload: payload as object, headers });

beforeAll(async () => {
  t = await startTestPlatform({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', LOGIN_MAX_FAILURES_PER_ADDRESS: '12' });
});
afterAll(() => t.close());

describe('POST /api/login_check', () => {
  it('answers a token for the right username and password, whatever the username case', async () => {
    const { username } = await fixtures(t.platform.db).user({ username: 'Marie.Curie' });
    const res = await login({ username: 'marie.curie', password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ token: expect.any(String) });
    expect(username).toBe('Marie.Curie');
  });

  it('answers an unknown username and a wrong password alike (no username enumeration)', async () => {
    const { username } = await fixtures(t.platform.db).user();
    const unknown = await login({ username: 'nobody-here', password: PASSWORD });
    const wrong = await login({ username, password: 'not-the-password' });
    for (const res of [unknown, wrong]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        code: 'CREDENTIALS_INCORRECT',
        message: 'The username or password is incorrect. Please verify your input.',
      });
    }
  });

  it('locks an account after repeated wrong passwords, and only that account', async () => {
    const f = fixtures(t.platform.db);
    const victim = await f.user();
    const other = await f.user();
    for (let i = 0; i < 3; i++)
      expect((await login({ username: victim.username, password: 'wrong' })).statusCode).toBe(401);
    const locked = await login({ username: victim.username, password: PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS', retryAfter: expect.any(Number) });
    expect((await login({ username: other.username, password: PASSWORD })).statusCode).toBe(200);
  });

  it('rejects client mistakes with clear 4xx errors that lock nobody', async () => {
    const { username } = await fixtures(t.platform.db).user();
    const cases = [
      {
        name: 'malformed JSON',
        req: { body: '{"username": ', type: 'application/json' },
        status: 400,
        code: 'MALFORMED_JSON',
      },
      {
        name: 'unknown field',
        req: { json: { username, password: 'x', admin: true } },
        status: 400,
        code: 'VALIDATION_FAILED',
      },
      { name: 'missing password', req: { json: { username } }, status: 400, code: 'VALIDATION_FAILED' },
      {
        name: 'overlong username',
        req: { json: { username: 'a'.repeat(500), password: 'x' } },
        status: 400,
        code: 'VALIDATION_FAILED',
      },
      {
        name: 'wrong types',
        req: { json: { username: 42, password: ['x'] } },
        status: 400,
        code: 'VALIDATION_FAILED',
      },
      {
        name: 'oversize body',
        req: {
          body: JSON.stringify({ username, password: 'x'.repeat(2_000_000) }),
          type: 'application/json',
        },
        status: 413,
        code: 'BODY_TOO_LARGE',
      },
      {
        name: 'form body',
        req: { body: 'username=a&password=b', type: 'application/x-www-form-urlencoded' },
        status: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
      },
    ];
    for (const c of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login_check',
        ...(c.req.json
          ? { payload: c.req.json }
          : { payload: c.req.body, headers: { 'content-type': c.req.type! } }),
      });
      expect({ name: c.name, status: res.statusCode, code: res.json().code }).toEqual({
        name: c.name,
        status: c.status,
        code: c.code,
      });
      expect(res.json().message).toEqual(expect.any(String));
    }
    const missing = await login({ username });
    expect(missing.json().message).toContain('password');
    // None of these was a failed password check: the account still signs in.
    expect((await login({ username, password: PASSWORD })).statusCode).toBe(200);
  });

  it('treats SQL-looking input as an ordinary wrong username', async () => {
    const res = await login({ username: "' OR 1=1; DROP TABLE users; --", password: "' OR '1'='1" });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('CREDENTIALS_INCORRECT');
    const [{ n }] = await t.platform.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
    expect(n).toBeGreaterThan(0);
  });

  it('limits failures per address across usernames', async () => {
    const limited = await startTestPlatform({ LOGIN_MAX_FAILURES_PER_ADDRESS: '4' });
    try {
      for (let i = 0; i < 4; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/login_check',
          payload: { username: `ghost-${i}`, password: 'x' },
        });
        expect(res.statusCode).toBe(401);
      }
      const res = await limited.app.inject({
        method: 'POST',
        url: '/api/login_check',
        payload: { username: 'ghost-9', password: 'x' },
      });
      expect(res.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('session tokens', () => {
  it('expire after TOKEN_TTL', async () => {
    // Three seconds: the sign-in and the first read fit well within them on a loaded 2-core machine
    // (with one second, a loaded machine saw the token expire before its first use).
    const short = await startTestPlatform({ TOKEN_TTL: '3' });
    try {
      const { username } = await fixtures(short.platform.db).user();
      const authorization = await signIn(short.app, username);
      const me = () =>
        short.app.inject({ method: 'GET', url: '/v4/console/api/user', headers: { authorization } });
      expect((await me()).statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 4100));
      const expired = await me();
      expect(expired.statusCode).toBe(401);
      expect(expired.json().code).toBe('UNAUTHENTICATED');
    } finally {
      await short.close();
    }
  });

  it('are refused when absent, forged or malformed', async () => {
    for (const authorization of [undefined, 'Bearer not-a-jwt', 'Basic abc', `Bearer ${'e30.e30.'}`]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/v4/console/api/user',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(401);
    }
  });
});
