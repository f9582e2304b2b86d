import { spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { fixtures } from './support/fixtures';
import { startTestPlatform } from './support/platform';
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
});
