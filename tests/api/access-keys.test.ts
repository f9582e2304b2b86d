import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from './support/platform';
import { API, buildTenants, type Tenants } from './support/tenants';

let t: TestPlatform;
let acme: Tenants;
let keysOf: (env: string) => string;

beforeAll(async () => {
  t = await startTestPlatform();
  acme = await buildTenants(t);
  keysOf = (env) => `${API}/environments/${env}/access-keys`;
});
afterAll(() => t.close());

const publicCall = (authorization?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/v4/api/environment',
    headers: authorization ? { authorization } : {},
  });

const createKey = async (env: string, name: string, who: 'configurator' | 'admin' = 'configurator') => {
  const res = await acme.call('POST', keysOf(env), who, { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; secret: string; prefix: string };
};

describe('access keys', () => {
  it('show their secret once, keep only its hash, and list name, owner and last use', async () => {
    const key = await createKey(acme.ids.env, 'Mail gateway');
    expect(key.secret).toMatch(/^ak_[A-Za-z0-9_-]{43}$/);
    expect(key.prefix).toBe(key.secret.slice(0, 10));

    const shown = await acme.call('GET', `${keysOf(acme.ids.env)}/${key.id}`, 'configurator');
    expect(shown.json()).toMatchObject({
      name: 'Mail gateway',
      secret: null,
      ownerName: 'acme-configurator',
      lastUsedAt: null,
    });
    const stored = JSON.stringify(await t.platform.db.query('SELECT * FROM access_keys'));
    expect(stored).not.toContain(key.secret.slice(10));
    const [audit] = await t.platform.db.query<{ changes: Record<string, unknown> }>(
      'SELECT changes FROM audit_logs WHERE record_id = $1',
      [key.id],
    );
    expect(audit.changes.secret).toEqual({ redacted: true });

    expect((await publicCall(`Bearer ${key.secret}`)).json()).toMatchObject({
      id: acme.ids.env,
      name: 'Production',
    });
    const [listed] = (await acme.call('GET', keysOf(acme.ids.env), 'configurator')).json();
    expect(listed.lastUsedAt).toEqual(expect.any(String));
  });

  it('open their own environment only: a key of A reaches nothing of B, nor the console', async () => {
    const a = await createKey(acme.ids.env, 'A');
    const b = await createKey(acme.ids.hidden, 'B', 'admin');
    expect((await publicCall(`Bearer ${a.secret}`)).json().id).toBe(acme.ids.env);
    expect((await publicCall(`Bearer ${b.secret}`)).json().id).toBe(acme.ids.hidden);
    // The console API takes session tokens, not keys, whatever environment the path names.
    for (const env of [acme.ids.env, acme.ids.hidden]) {
      const res = await t.app.inject({
        method: 'GET',
        url: keysOf(env),
        headers: { authorization: `Bearer ${a.secret}` },
      });
      expect(res.statusCode).toBe(401);
    }
    const create = await t.app.inject({
      method: 'POST',
      url: keysOf(acme.ids.hidden),
      headers: { authorization: `Bearer ${a.secret}` },
      payload: { name: 'Sneaky' },
    });
    expect(create.statusCode).toBe(401);
    // Nor does a session token open the public API.
    expect((await publicCall(acme.auth.admin)).statusCode).toBe(401);
    expect((await publicCall()).json().message).toBe(
      'An access key is required: Authorization: Bearer <key>',
    );
    expect((await publicCall('Bearer ak_forged')).statusCode).toBe(401);
  });

  it('stop working once revoked, or once their environment is being deleted', async () => {
    const key = await createKey(acme.ids.env, 'Short-lived');
    expect((await acme.call('DELETE', `${keysOf(acme.ids.env)}/${key.id}`, 'configurator')).statusCode).toBe(
      204,
    );
    const revoked = await publicCall(`Bearer ${key.secret}`);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().message).toBe('This access key is unknown or was revoked');

    const env = (
      await acme.call('POST', `${API}/projects/${acme.ids.project}/environments`, 'admin', { name: 'Going' })
    ).json();
    const doomed = await createKey(env.id, 'Doomed', 'admin');
    expect((await publicCall(`Bearer ${doomed.secret}`)).statusCode).toBe(200);
    await acme.call('DELETE', `${API}/projects/${acme.ids.project}/environments/${env.id}`, 'admin');
    expect((await publicCall(`Bearer ${doomed.secret}`)).statusCode).toBe(401);
  });

  it('are managed by configurators only, and names are unique per environment', async () => {
    expect((await acme.call('GET', keysOf(acme.ids.env), 'qualifier')).statusCode).toBe(403);
    expect((await acme.call('POST', keysOf(acme.ids.env), 'cockpit', { name: 'No' })).statusCode).toBe(403);
    expect((await acme.call('GET', keysOf(acme.ids.otherEnv), 'admin')).statusCode).toBe(404);
    const again = await acme.call('POST', keysOf(acme.ids.env), 'admin', { name: 'MAIL GATEWAY' });
    expect(again.statusCode).toBe(409);
    expect(
      (await acme.call('POST', keysOf(acme.ids.env), 'admin', { name: 'x', secret: 'mine' })).statusCode,
    ).toBe(400);
  });
});
