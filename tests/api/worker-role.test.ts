import { spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { fixtures } from './support/fixtures';
import { startTestPlatform } from './support/platform';
import { API, buildTenants } from './support/tenants';
import { startSmtpServer } from './support/smtp';

/**
 * DESIGN.md §2: API processes only enqueue; `npm run worker` (server/worker.ts), started alone,
 * delivers what they queued. On PostgreSQL both run at once; on PGlite (one process per folder)
 * the worker opens the folder after the API process has stopped.
 */
describe('the worker role', () => {
  const cleanups: (() => Promise<unknown> | void)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('delivers mail that an API-only process queued', { timeout: 90_000 }, async () => {
    const smtp = await startSmtpServer();
    cleanups.push(() => smtp.close());
    const api = await startTestPlatform({}, { worker: false, onDisk: true });
    cleanups.push(() => api.close());
    await fixtures(api.platform.db).user({ email: 'queued@example.test' });
    const res = await api.app.inject({
      method: 'POST',
      url: `/users/password/forgotten/send?recovery_url=${encodeURIComponent('http://console.test/reset-password')}`,
      payload: { email: 'queued@example.test' },
    });
    expect(res.statusCode).toBe(204);
    await new Promise((r) => setTimeout(r, 1000));
    expect(smtp.received).toHaveLength(0);
    const [{ status }] = await api.platform.db.query<{ status: string }>('SELECT status FROM outbox');
    expect(status).toBe('queued');

    const { databaseEnv } = api;
    if (!databaseEnv.DATABASE_URL) await api.stop();
    const worker = spawn(process.execPath, ['--import', 'tsx', 'server/worker.ts'], {
      env: { ...process.env, ...databaseEnv, SMTP_URL: smtp.url, LOG_LEVEL: 'warn' },
      stdio: 'ignore',
    });
    cleanups.push(() => {
      worker.kill('SIGKILL');
    });
    const mail = await smtp.nth(1, 45_000);
    expect(mail.subject).toMatch(/mot de passe/);
    expect(mail.text).toContain('http://console.test/reset-password/');
  });

  // Two processes at once need PostgreSQL: the end of an analysis reaches the API process by NOTIFY.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'answers a waiting read of the API process when a worker process ends the analysis',
    { timeout: 90_000 },
    async () => {
      const api = await startTestPlatform({}, { worker: false, onDisk: true });
      cleanups.push(() => api.close());
      const acme = await buildTenants(api);
      const key = (
        await acme.call('POST', `${API}/environments/${acme.ids.env}/access-keys`, 'configurator', {
          name: 'gateway',
        })
      ).json().secret as string;
      const headers = { authorization: `Bearer ${key}` };
      const created = await api.app.inject({
        method: 'POST',
        url: '/v4/api/analyses',
        headers,
        payload: { text: 'Résiliation de mon contrat' },
      });
      const { id } = created.json();
      const waiting = api.app.inject({
        method: 'GET',
        url: `/v4/api/analyses/${id}/status?wait=60`,
        headers,
      });
      const started = Date.now();
      const worker = spawn(process.execPath, ['--import', 'tsx', 'server/worker.ts'], {
        env: { ...process.env, ...api.databaseEnv, LOG_LEVEL: 'warn' },
        stdio: 'ignore',
      });
      cleanups.push(() => {
        worker.kill('SIGKILL');
      });
      expect((await waiting).json()).toMatchObject({ id, status: 'processed' });
      // Told by the worker's NOTIFY, not by the read's 60 s deadline.
      expect(Date.now() - started).toBeLessThan(45_000);
    },
  );
});
