import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/kernel/db';
import { openPglite } from '../../server/kernel/db/pglite';
import { startTestPlatform } from './support/platform';
import { API, buildTenants } from './support/tenants';
import { startWebhookReceiver } from './support/webhook-receiver';

/**
 * docs/webhooks.md, "Answering, retries and replays": a worker process killed between two attempts
 * of a delivery. The next attempt is a job on the queue, so the worker started after it makes it:
 * the receiver (which de-duplicates by X-Delivery-Id and counts) takes the delivery exactly once,
 * and every attempt is in the log. On PGlite (one process per folder) each process opens the folder
 * after the one before has ended.
 */
describe('webhook delivery across a worker crash', () => {
  const cleanups: (() => Promise<unknown> | void)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('resumes after the restart: none lost, none doubled', { timeout: 120_000 }, async () => {
    const receiver = await startWebhookReceiver('reset');
    cleanups.push(() => receiver.close());
    const api = await startTestPlatform({}, { worker: false, onDisk: true });
    cleanups.push(() => api.close());
    const acme = await buildTenants(api);
    const created = await acme.call('POST', `${API}/environments/${acme.ids.env}/webhooks`, 'configurator', {
      url: receiver.url,
    });
    // Saved from an API process that does not allow loopback: the check at save names the field.
    expect(created.statusCode).toBe(400);
    await api.platform.db.query(
      `INSERT INTO webhooks (id, environment_id, url, secret) VALUES (gen_random_uuid(), $1, $2, 'whsec_crash-test-secret-long-enough-000')`,
      [acme.ids.env, receiver.url],
    );
    const analysis = await acme.call('POST', `${API}/environments/${acme.ids.env}/analyses`, 'qualifier', {
      type: 'text',
      text: 'Livraison interrompue par un arrêt brutal du worker.',
    });
    expect(analysis.statusCode).toBe(201);

    const onPglite = !api.databaseEnv.DATABASE_URL;
    if (onPglite) await api.stop();
    const startWorker = (): ChildProcess => {
      const worker = spawn(process.execPath, ['--import', 'tsx', 'server/worker.ts'], {
        env: {
          ...process.env,
          ...api.databaseEnv,
          LOG_LEVEL: 'warn',
          OUTBOUND_ALLOW: '127.0.0.1',
          // Time enough to kill the worker between the first attempt and the second.
          WEBHOOK_RETRY_BASE_MS: '3000',
        },
        stdio: 'ignore',
      });
      cleanups.push(() => {
        worker.kill('SIGKILL');
      });
      return worker;
    };
    const ended = (worker: ChildProcess) => new Promise((resolve) => worker.once('exit', resolve));

    const first = startWorker();
    await receiver.until(() => receiver.requests.length === 1, 60_000, 'the first attempt');
    // Killed between the attempts: the first is recorded (within milliseconds of its answer), the
    // second due 3 s after it.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    first.kill('SIGKILL');
    await ended(first);
    receiver.setMode('ok');

    const second = startWorker();
    await receiver.until(() => receiver.accepted.size === 1, 60_000, 'the delivery after the restart');
    // Time for a doubled attempt to show, were there one.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    second.kill('SIGKILL');
    await ended(second);
    expect([...receiver.accepted.values()]).toEqual([1]);
    expect(receiver.requests.map((r) => r.headers['x-delivery-attempt'])).toEqual(['1', '2']);

    const db: Db = onPglite ? await openPglite(api.databaseEnv.DATA_DIR) : api.platform.db;
    try {
      const [delivery] = await db.query<{ status: string; attempts: number }>(
        'SELECT status, attempts FROM webhook_deliveries',
      );
      expect(delivery).toEqual({ status: 'delivered', attempts: 2 });
      const attempts = await db.query<{ attempt: number; error_code: string | null }>(
        'SELECT attempt, error_code FROM webhook_attempts ORDER BY attempt',
      );
      expect(attempts).toEqual([
        { attempt: 1, error_code: 'DELIVERY_UNREACHABLE' },
        { attempt: 2, error_code: null },
      ]);
    } finally {
      if (onPglite) await db.close();
    }
  });
});
