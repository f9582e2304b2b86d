import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { queues } from '../../server/kernel/queue';
import { createScratchDatabase } from '../support/scratch-database';
import { startProcess } from './support/processes';

/**
 * docs/security.md, "Several processes starting at once": any number of `npm run serve` and `npm run worker` processes
 * started at once on an empty PostgreSQL database all come up, and the work done once (migrations,
 * pg-boss's schema and queues, the stored signing secret, the demo seed) is done exactly once.
 * PostgreSQL only: the embedded database serves one process at a time (tests/api/start.test.ts).
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const children: ChildProcess[] = [];
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  children.forEach((c) => c.kill('SIGKILL'));
  for (const c of cleanups) await c();
});

/** An entry of server/ (serve.ts, worker.ts) through tsx, as `npm run serve` / `npm run worker` runs it. */
const start = (entry: string, env: Record<string, string>) => {
  const started = startProcess(`server/${entry}.ts`, env, { name: entry });
  children.push(started.child);
  return started;
};

describe.runIf(serverUrl)('the first start of several processes at once (PostgreSQL)', () => {
  it(
    'brings up two API and two worker processes started together on an empty database, seeding once',
    // Four processes compile the server through tsx at once on a shared machine.
    { timeout: 180_000 },
    async () => {
      const scratch = await createScratchDatabase(serverUrl!, 'first_start');
      cleanups.push(() => scratch.drop());
      const env = {
        DATABASE_URL: scratch.url,
        SEED_ADMIN_EMAIL: 'ops@example.test',
        SEED_ADMIN_PASSWORD: 'Given-Password-12',
      };
      const apis = [start('serve', env), start('serve', env)];
      const workers = [start('worker', env), start('worker', env)];
      const urls = await Promise.all(
        apis.map(async (p) => (await p.waitFor(/Console ready at (http:\/\/localhost:\d+)/, 150_000))[1]),
      );
      await Promise.all(workers.map((p) => p.waitFor(/"msg":"worker ready"/, 150_000)));
      for (const url of urls) expect((await fetch(`${url}/healthz`)).status).toBe(200);

      // Both API processes sign the same sessions: one secret was stored, not two.
      const login = await fetch(`${urls[0]}/api/login_check`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: env.SEED_ADMIN_EMAIL, password: env.SEED_ADMIN_PASSWORD }),
      });
      expect(login.status).toBe(200);
      const { token } = (await login.json()) as { token: string };
      const me = await fetch(`${urls[1]}/v4/console/api/organisations`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(me.status).toBe(200);

      const client = new pg.Client({ connectionString: scratch.url });
      await client.connect();
      cleanups.unshift(() => client.end());
      const count = async (sql: string) => (await client.query<{ n: number }>(sql)).rows[0].n;
      expect(await count('SELECT count(*)::int AS n FROM users')).toBe(1);
      expect(await count('SELECT count(*)::int AS n FROM organisations')).toBe(1);
      expect(await count(`SELECT count(*)::int AS n FROM platform_settings WHERE key = 'jwt_secret'`)).toBe(
        1,
      );
      // Every queue of server/kernel/queue.ts, whichever process made it.
      const made = (await client.query<{ name: string }>('SELECT name FROM pgboss.queue')).rows;
      expect(made.map((q) => q.name)).toEqual(expect.arrayContaining(Object.values(queues)));
      for (const p of [...apis, ...workers]) expect(p.child.exitCode).toBeNull();
    },
  );
});
