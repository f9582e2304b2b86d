import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/kernel/config';
import { fixtures, PASSWORD, signIn } from './support/fixtures';
import { startTestPlatform, type TestPlatform } from './support/platform';

/**
 * Sign-in hardening (docs/decisions/auth-attempts-counted-before-checked.md): attempts are reserved
 * before the password is checked, a browser that signed in before is not locked out by others,
 * failures do not tell which usernames exist, addresses come from X-Forwarded-For only with
 * TRUST_PROXY, and forgotten-password mails and current-password checks are limited too.
 */
let t: TestPlatform;

type Headers = Record<string, string>;
const login = (p: TestPlatform, username: string, password: string, headers: Headers = {}) =>
  p.app.inject({ method: 'POST', url: '/api/login_check', payload: { username, password }, headers });

/** The `name=value` pairs a browser would send back from an answer's Set-Cookie headers. */
const cookiesOf = (res: { headers: Record<string, unknown> }) => {
  const raw = res.headers['set-cookie'];
  const list = (Array.isArray(raw) ? raw : raw ? [raw] : []) as string[];
  return { header: list.map((c) => c.split(';')[0]).join('; '), raw: list };
};

beforeAll(async () => {
  t = await startTestPlatform({
    LOGIN_MAX_FAILURES_PER_ACCOUNT: '5',
    // The per-address limit has its own tests below, on platforms of their own.
    LOGIN_MAX_FAILURES_PER_ADDRESS: '1000',
    PASSWORD_RESET_MAX_PER_ADDRESS: '1000',
  });
}, 60_000);
afterAll(() => t.close());

describe('atomic sign-in throttling', () => {
  it('checks at most LOGIN_MAX_FAILURES_PER_ACCOUNT passwords of 100 parallel wrong sign-ins', async () => {
    const f = fixtures(t.platform.db);
    const victim = await f.user();
    const bystander = await f.user();
    const burst = Array.from({ length: 100 }, () => login(t, victim.username, 'wrong-password'));
    const started = Date.now();
    const legit = login(t, bystander.username, PASSWORD).then((res) => ({
      res,
      ms: Date.now() - started,
    }));
    const answers = await Promise.all(burst);
    const statuses = answers.map((r) => r.statusCode);
    const checked = statuses.filter((s) => s === 401).length;
    expect(checked).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBe(100 - checked);
    expect(answers.find((r) => r.statusCode === 429)!.json()).toMatchObject({
      code: 'TOO_MANY_ATTEMPTS',
      retryAfter: expect.any(Number),
      // The console says it in the user's language from these.
      params: { minutes: expect.any(Number) },
    });
    const { res, ms } = await legit;
    expect(res.statusCode).toBe(200);
    // It did not queue behind 100 scrypt computations (about 0.3 s of one core each).
    expect(ms).toBeLessThan(10_000);
  }, 120_000);
});

describe('device cookie (OWASP): the owner is not locked out by others', () => {
  it('lets a browser that signed in before sign in while the account is locked for others', async () => {
    const owner = await fixtures(t.platform.db).user();
    const first = await login(t, owner.username, PASSWORD);
    expect(first.statusCode).toBe(200);
    const cookie = cookiesOf(first);
    expect(cookie.raw).toHaveLength(1);
    expect(cookie.raw[0]).toMatch(/HttpOnly/i);
    expect(cookie.raw[0]).toMatch(/SameSite=Strict/i);
    expect(cookie.raw[0]).toMatch(/Max-Age=\d{7,}/i);

    // Someone else fails five times: the account is locked for clients without the cookie.
    for (let i = 0; i < 5; i++) expect((await login(t, owner.username, 'guess')).statusCode).toBe(401);
    const stranger = await login(t, owner.username, PASSWORD);
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json().code).toBe('TOO_MANY_ATTEMPTS');

    // The owner's browser sends its device cookie and gets in with the right password.
    const again = await login(t, owner.username, PASSWORD, { cookie: cookie.header });
    expect(again.statusCode).toBe(200);
    // Still locked for the others.
    expect((await login(t, owner.username, PASSWORD)).statusCode).toBe(429);
    // A forged or altered cookie is no cookie.
    const forged = cookie.header.slice(0, -1) + (cookie.header.endsWith('A') ? 'B' : 'A');
    expect((await login(t, owner.username, PASSWORD, { cookie: forged })).statusCode).toBe(429);
  });

  it("does not trust one account's cookie for another account", async () => {
    const f = fixtures(t.platform.db);
    const mine = await f.user();
    const theirs = await f.user();
    const cookie = cookiesOf(await login(t, mine.username, PASSWORD));
    for (let i = 0; i < 5; i++) await login(t, theirs.username, 'guess');
    expect((await login(t, theirs.username, PASSWORD, { cookie: cookie.header })).statusCode).toBe(429);
  });

  it('has its own small failure limit per device', async () => {
    const owner = await fixtures(t.platform.db).user();
    const cookie = cookiesOf(await login(t, owner.username, PASSWORD)).header;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => login(t, owner.username, 'guess', { cookie })),
    );
    expect(answers.filter((r) => r.statusCode === 401).length).toBeLessThanOrEqual(5);
  }, 60_000);
});

describe('no username enumeration', () => {
  it('answers an unknown username and a wrong password alike', async () => {
    const { username } = await fixtures(t.platform.db).user();
    const unknown = await login(t, 'nobody-at-all', 'wrong-password');
    const wrong = await login(t, username, 'wrong-password');
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.statusCode).toBe(401);
    const body = (r: typeof unknown) => {
      const { code, message } = r.json<{ code: string; message: string }>();
      return { code, message };
    };
    expect(body(unknown)).toEqual(body(wrong));
  });

  it('takes comparable time for both (a dummy hash for unknown users)', async () => {
    const { username } = await fixtures(t.platform.db).user();
    const time = async (name: string) => {
      const start = process.hrtime.bigint();
      await login(t, name, 'wrong-password');
      return Number(process.hrtime.bigint() - start) / 1e6;
    };
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i++) {
      known.push(await time(username));
      unknown.push(await time(`ghost-${i}-nobody`));
    }
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.3);
  }, 60_000);

  it('locks an unknown username after the same number of failures as a real one', async () => {
    const { username } = await fixtures(t.platform.db).user();
    const sequence = async (name: string) => {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await login(t, name, 'wrong-password')).statusCode);
      return statuses;
    };
    expect(await sequence('ghost-lock-nobody')).toEqual(await sequence(username));
  }, 60_000);
});

describe('TRUST_PROXY and the per-address limit', () => {
  it('is refused at boot when malformed, naming the variable', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'maybe' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/99' })).toThrow(/TRUST_PROXY/);
    for (const ok of ['true', 'false', '1', '2', '127.0.0.1', '10.0.0.0/8, 192.168.1.1'])
      expect(() => loadConfig({ TRUST_PROXY: ok })).not.toThrow();
  });

  it('counts failures per X-Forwarded-For client when set, and lets a trusted device through', async () => {
    const p = await startTestPlatform({ TRUST_PROXY: 'true', LOGIN_MAX_FAILURES_PER_ADDRESS: '4' });
    try {
      const owner = await fixtures(p.platform.db).user();
      const device = cookiesOf(
        await login(p, owner.username, PASSWORD, { 'x-forwarded-for': '203.0.113.9' }),
      ).header;
      const from = (ip: string) => ({ 'x-forwarded-for': ip });
      for (let i = 0; i < 4; i++)
        expect((await login(p, `ghost-${i}`, 'x', from('203.0.113.9'))).statusCode).toBe(401);
      expect((await login(p, 'ghost-9', 'x', from('203.0.113.9'))).statusCode).toBe(429);
      // The address is locked for untrusted clients, the owner's browser included only without its cookie.
      expect((await login(p, owner.username, PASSWORD, from('203.0.113.9'))).statusCode).toBe(429);
      expect(
        (await login(p, owner.username, PASSWORD, { ...from('203.0.113.9'), cookie: device })).statusCode,
      ).toBe(200);
      // Another client behind the same proxy is not affected.
      expect((await login(p, 'ghost-9', 'x', from('198.51.100.7'))).statusCode).toBe(401);
      expect((await login(p, owner.username, PASSWORD, from('198.51.100.7'))).statusCode).toBe(200);
    } finally {
      await p.close();
    }
  }, 60_000);

  it('ignores X-Forwarded-For without it', async () => {
    const p = await startTestPlatform({
      LOGIN_MAX_FAILURES_PER_ADDRESS: '4',
      PASSWORD_RESET_MAX_PER_ADDRESS: '3',
    });
    try {
      for (let i = 0; i < 4; i++)
        expect((await login(p, `ghost-${i}`, 'x', { 'x-forwarded-for': `198.51.100.${i}` })).statusCode).toBe(
          401,
        );
      expect((await login(p, 'ghost-9', 'x', { 'x-forwarded-for': '198.51.100.99' })).statusCode).toBe(429);

      // Forgotten-password requests are limited per address too (whether or not the account exists).
      const { username } = await fixtures(p.platform.db).user();
      const send = (email: string) =>
        p.app.inject({
          method: 'POST',
          url: '/users/password/forgotten/send?recovery_url=http%3A%2F%2Fconsole.test%2Freset-password',
          payload: { email },
        });
      const statuses = [];
      for (const email of ['a@example.test', `${username}@example.test`, 'b@example.test', 'c@example.test'])
        statuses.push((await send(email)).statusCode);
      expect(statuses).toEqual([204, 204, 204, 429]);
    } finally {
      await p.close();
    }
  }, 60_000);
});

describe('forgotten-password mail', () => {
  const send = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/users/password/forgotten/send?recovery_url=http%3A%2F%2Fconsole.test%2Freset-password',
      payload: { email },
    });
  const queued = async (email: string) =>
    (
      await t.platform.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM outbox WHERE lower(recipient) = lower($1)',
        [email],
      )
    )[0].n;

  it('queues at most 3 mails for 100 requests for one account, answering as for an unknown one', async () => {
    const { username } = await fixtures(t.platform.db).user();
    const email = `${username}@example.test`;
    const known = await Promise.all(Array.from({ length: 100 }, () => send(email)));
    const unknown = await Promise.all(Array.from({ length: 100 }, () => send('nobody@example.test')));
    expect(await queued(email)).toBeGreaterThanOrEqual(1);
    expect(await queued(email)).toBeLessThanOrEqual(3);
    const answer = (r: (typeof known)[number]) => ({ status: r.statusCode, body: r.body });
    expect(new Set(known.map((r) => JSON.stringify(answer(r))))).toEqual(
      new Set(unknown.map((r) => JSON.stringify(answer(r)))),
    );
    expect(known[0].statusCode).toBe(204);
  }, 60_000);
});

describe('change password', () => {
  it('answers 429 after LOGIN_MAX_FAILURES_PER_ACCOUNT wrong current passwords', async () => {
    const { username } = await fixtures(t.platform.db).user();
    const authorization = await signIn(t.app, username);
    const change = (currentPassword: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/v4/console/api/user/password',
        headers: { authorization },
        payload: { currentPassword, newPassword: 'Another-Secret-99' },
      });
    const answers = await Promise.all(Array.from({ length: 20 }, () => change('not-it')));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(5);
    expect(statuses).toContain(429);
    expect(answers.find((r) => r.statusCode === 429)!.json().code).toBe('TOO_MANY_ATTEMPTS');
    // Even the right one now waits.
    expect((await change(PASSWORD)).statusCode).toBe(429);
  }, 60_000);
});
