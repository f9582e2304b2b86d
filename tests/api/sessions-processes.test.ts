import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { fixtures, signIn } from './support/fixtures';
import { startTestPlatform } from './support/platform';
import { API } from './support/tenants';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

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

    const port = await freePort();
    const b: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/serve.ts'], {
      env: { ...process.env, ...a.databaseEnv, PORT: String(port), LOG_LEVEL: 'warn' },
      stdio: 'ignore',
    });
    cleanups.push(() => {
      b.kill('SIGKILL');
    });
    const onB = (method: string, path: string) =>
      fetch(`http://127.0.0.1:${port}${path}`, { method, headers: { authorization: token } });
    for (let i = 0; ; i++) {
      const ready = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => undefined);
      if (ready?.ok) break;
      if (i > 900) throw new Error('process B did not start');
      await new Promise((r) => setTimeout(r, 100));
    }

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
