import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, describe, expect, it } from 'vitest';
import type { Connector } from '../../schemas/contracts/connectors';
import { openPglite } from '../../server/kernel/db/pglite';
import { openPostgres } from '../../server/kernel/db/postgres';
import { startDovecot } from '../support/dovecot';
import { startTestPlatform } from './support/platform';
import { API, buildTenants } from './support/tenants';

const PASSWORD = 'restart-mailbox-password';
const MESSAGES = 500;

/** A worker process (npm run worker) at debug level, its log lines collected; `killOn`: SIGKILL at the first line matching. */
const startWorker = (env: Record<string, string>, killOn?: RegExp) => {
  const lines: string[] = [];
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/worker.ts'], {
    env: { ...process.env, ...env, LOG_LEVEL: 'debug' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    // At once, from the handler: a batch takes milliseconds, a poll of the lines would come too late.
    if (killOn?.test(text)) child.kill('SIGKILL');
    lines.push(...text.split('\n'));
  });
  child.stderr!.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n')));
  const logged = async (pattern: RegExp, ms = 120_000) => {
    const deadline = Date.now() + ms;
    for (;;) {
      const line = lines.find((l) => pattern.test(l));
      if (line) return line;
      if (Date.now() > deadline)
        throw new Error(
          `never logged ${pattern}:\n${lines
            .filter((l) => !/"found":0/.test(l))
            .slice(0, 40)
            .join('\n')}`,
        );
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  return { child, lines, logged };
};

/**
 * Acceptance of the mail connectors (docs/connectors.md "Runs"): a worker killed (SIGKILL) in the
 * middle of fetching a mailbox of 500 messages loses none and doubles none; the next worker goes
 * on from the last batch recorded. The workers' logs never hold the mailbox's password.
 */
describe('an IMAP fetch whose worker is killed', () => {
  const cleanups: (() => Promise<unknown> | void)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('ends with each of the 500 messages analysed exactly once', { timeout: 240_000 }, async () => {
    const dovecot = await startDovecot();
    cleanups.push(() => dovecot.stop());
    dovecot.addUser('bulk', PASSWORD);
    const session = await dovecot.client('bulk', PASSWORD);
    for (let i = 0; i < MESSAGES; i++) {
      await session.append(
        'INBOX',
        `From: client${i}@example.org\r\nTo: bulk@example.test\r\nSubject: Message ${i}\r\nMessage-ID: <bulk-${i}@example.org>\r\nDate: ${new Date().toUTCString()}\r\n\r\nBonjour, ceci est le message ${i}.\r\n`,
      );
    }
    await session.logout();

    const secrets = { SECRETS_KEY: 'restart-test-secrets-key-0123456789abcdef', OUTBOUND_ALLOW: '127.0.0.1' };
    const api = await startTestPlatform(secrets, { worker: false, onDisk: true });
    cleanups.push(() => api.close());
    const acme = await buildTenants(api);
    const created = await acme.call(
      'POST',
      `${API}/environments/${acme.ids.env}/connectors`,
      'configurator',
      {
        name: 'Bulk mailbox',
        appType: 'imap',
        settings: {
          host: '127.0.0.1',
          port: dovecot.port,
          security: 'none',
          username: 'bulk',
          folder: 'INBOX',
          draftsFolder: null,
          startDate: null,
          blacklist: [],
          postProcessors: [],
          expectConsolidation: false,
        },
        secrets: { password: PASSWORD },
      },
    );
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json() as Connector;
    const activated = await acme.call(
      'PUT',
      `${API}/environments/${acme.ids.env}/connectors/${id}/active`,
      'configurator',
      {
        active: true,
      },
    );
    expect(activated.statusCode, activated.body).toBe(200);

    const { databaseEnv } = api;
    const onPglite = !databaseEnv.DATABASE_URL;
    if (onPglite) await api.stop();
    const env = {
      ...databaseEnv,
      ...secrets,
      CONNECTOR_INTERVAL: '1',
      CONNECTOR_LEASE: '2',
      ANALYSIS_THREADS: '1',
    };

    // Killed as soon as two batches are recorded, in the middle of the run.
    const first = startWorker(env, /"fetched":100,.*"msg":"connector batch recorded"/);
    cleanups.push(() => void first.child.kill('SIGKILL'));
    await once(first.child, 'exit');
    expect(first.lines.join('\n')).not.toMatch(/"msg":"connector run ended"/);

    const second = startWorker(env);
    cleanups.push(() => void second.child.kill('SIGKILL'));
    // The lease of the killed run lapses; the next run reads from the last batch recorded to the end.
    await second.logged(/"found":[1-9]\d*,.*"msg":"connector run ended"/);
    second.child.kill('SIGTERM');
    await once(second.child, 'exit');
    const logs = [...first.lines, ...second.lines].join('\n');
    expect(logs).not.toContain(PASSWORD);

    const db = onPglite
      ? await openPglite(databaseEnv.DATA_DIR)
      : await openPostgres(databaseEnv.DATABASE_URL);
    try {
      const names = await db.query<{ name: string }>('SELECT name FROM analyses WHERE environment_id = $1', [
        acme.ids.env,
      ]);
      expect(names).toHaveLength(MESSAGES);
      expect(new Set(names.map((n) => n.name)).size).toBe(MESSAGES);
      const [{ n }] = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM connector_messages WHERE connector_id = $1 AND analysis_id IS NOT NULL',
        [id],
      );
      expect(n).toBe(MESSAGES);
      const runs = await db.query<{ state: string; problem: { code: string } | null }>(
        'SELECT state, problem FROM connector_runs WHERE connector_id = $1 ORDER BY created_at',
        [id],
      );
      // The killed run is said as interrupted, not left running.
      expect(runs[0]).toMatchObject({ state: 'failed', problem: { code: 'RUN_INTERRUPTED' } });
      expect(runs.at(-1)).toMatchObject({ state: 'done' });
    } finally {
      await db.close();
    }
  });
});
