import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCancellationNlu } from './support/nlu-config';
import { startTestPlatform, type TestPlatform } from './support/platform';
import { API, buildTenants, type Tenants } from './support/tenants';

let t: TestPlatform;
let acme: Tenants;
let env: string;
let server: string;
const url = (path: string) => `${API}/environments/${env}/${path}`;
const create = async (path: string, body: object) => {
  const res = await acme.call('POST', url(path), 'configurator', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string };
};
const read = (token: string | null, body: object = { text: 'Je veux résilier mon contrat.' }) =>
  t.app.inject({
    method: 'POST',
    url: '/v4/nlu/read',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: body,
  });

beforeAll(async () => {
  t = await startTestPlatform();
  acme = await buildTenants(t);
  env = acme.ids.env;
  server = await createCancellationNlu(create);
});
afterAll(() => t.close());

describe("an NLU server's token (spec pipeline §3)", () => {
  it('is made once, read with the server it opens, replaced and revoked; never shown again', async () => {
    const tokenUrl = url(`servers/${server}/token`);
    expect((await acme.call('GET', tokenUrl, 'configurator')).json()).toEqual({ token: null });

    const made = await acme.call('POST', tokenUrl, 'configurator');
    expect(made.statusCode, made.body).toBe(201);
    const { secret, prefix } = made.json() as { secret: string; prefix: string };
    expect(secret).toMatch(/^nlus_[A-Za-z0-9_-]{43}$/);
    expect(secret.startsWith(prefix)).toBe(true);
    const shown = (await acme.call('GET', tokenUrl, 'configurator')).json();
    expect(shown).toEqual({ token: { prefix, createdAt: expect.any(String), lastUsedAt: null } });
    expect(JSON.stringify(shown)).not.toContain(secret);
    // The generic read of the server says nothing of it either.
    expect((await acme.call('GET', url(`servers/${server}`), 'configurator')).body).not.toContain(secret);

    const answer = await read(secret);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      server: 'main',
      language: 'fr',
      interactions: [{ name: 'cancellation', text: 'résilier mon contrat' }],
    });
    expect(answer.json().archetypes.map((a: { text: string }) => a.text)).toEqual(['résilier', 'contrat']);
    expect((await acme.call('GET', tokenUrl, 'configurator')).json().token.lastUsedAt).toEqual(
      expect.any(String),
    );

    const replaced = (await acme.call('POST', tokenUrl, 'configurator')).json() as { secret: string };
    expect((await read(secret)).statusCode).toBe(401);
    expect((await read(replaced.secret)).statusCode).toBe(200);

    expect((await acme.call('DELETE', tokenUrl, 'configurator')).json()).toEqual({ token: null });
    const revoked = await read(replaced.secret);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json()).toMatchObject({ code: 'UNAUTHENTICATED' });

    // The audit log says the token changed, never what it is.
    const logs = await t.platform.db.query<{ changes: unknown }>(
      `SELECT changes FROM audit_logs WHERE resource = 'servers' AND record_id = $1 AND changes ? 'token'`,
      [server],
    );
    expect(logs.length).toBe(3);
    for (const log of logs) expect(JSON.stringify(log)).not.toContain('nlus_');
  });

  it('is refused without a token, with an access key or a session, and for a bad text', async () => {
    expect((await read(null)).statusCode).toBe(401);
    expect((await read('ak_not-a-server-token')).statusCode).toBe(401);
    const { secret } = (await acme.call('POST', url(`servers/${server}/token`), 'configurator')).json();
    const empty = await read(secret, { text: '' });
    expect(empty.statusCode).toBe(400);
    expect((await read(secret, { text: 'x', extra: 1 })).statusCode).toBe(400);
  });

  it('is the configurators’: a qualifier cannot see, make or revoke it; another tenant sees no server', async () => {
    const tokenUrl = url(`servers/${server}/token`);
    for (const method of ['GET', 'POST', 'DELETE'] as const)
      expect((await acme.call(method, tokenUrl, 'qualifier')).statusCode).toBe(403);
    expect((await acme.call('GET', tokenUrl, 'outsider')).statusCode).toBe(404);
  });

  it('goes with its server: a deleted server’s token no longer reads', async () => {
    const other = (await create('servers', { name: 'other', aiVersion: 'v5', contexts: ['care'] })).id;
    const { secret } = (await acme.call('POST', url(`servers/${other}/token`), 'configurator')).json();
    expect((await read(secret)).statusCode).toBe(200);
    const deleted = await acme.call('DELETE', url(`servers/${other}`), 'configurator');
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await read(secret)).statusCode).toBe(401);
  });
});
