import { afterAll, describe, expect, it } from 'vitest';
import { fixtures, signIn } from './support/fixtures';
import { startTestPlatform } from './support/platform';
import { startProcess } from './support/processes';
import { API } from './support/tenants';

/**
 * docs/security.md, "Sessions": several API processes on one PostgreSQL. A logout answered by one
 * process is refused by the others at once: the revocation is a row of the database, read with the
 * user at each request, not a memory of the process. Two processes at once need PostgreSQL.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('a logout across API processes', () => {
  const cleanups: (() => Promise<unknown> | void)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('signed in on A, logged out on B: refused by A', { timeout: 120_000 }, async () => {
    const a = await startTestPlatform({}, { worker: false });
    cleanups.push(() => a.close());
    const { username } = await fixtures(a.platform.db).user();
    const token = await signIn(a.app, username);

    const b = startProcess('server/serve.ts', { ...a.databaseEnv, LOG_LEVEL: 'info' }, { name: 'B' });
    cleanups.push(() => {
      b.child.kill('SIGKILL');
    });
    const [, address] = await b.waitFor(/Console ready at (http:\/\/localhost:\d+)/, 90_000);
    const onB = (method: string, path: string) =>
      fetch(`${address}${path}`, { method, headers: { authorization: token } });

    const me = () => a.app.inject({ method: 'GET', url: `${API}/user`, headers: { authorization: token } });
    // The token A issued is honoured by B: one secret, one sessions table.
    expect((await onB('GET', `${API}/user`)).status).toBe(200);
    expect((await me()).statusCode).toBe(200);
    expect((await onB('POST', `${API}/user/logout`)).status).toBe(204);
    const refused = await me();
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('UNAUTHENTICATED');
    expect((await onB('GET', `${API}/user`)).status).toBe(401);
  });
});
