import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startDovecot, type Dovecot } from '../tests/support/dovecot';
import { createScratchDatabase } from '../tests/support/scratch-database';
import type { ImapSettings } from '../schemas/contracts/connectors';
import { insertConnector, setConnectorActive } from '../server/integrations/mailboxes/repository';
import { runConnector } from '../server/integrations/mailboxes/runs';
import { loadConfig } from '../server/kernel/config';
import { openDatabase } from '../server/kernel/db';
import { createLogger } from '../server/kernel/logger';
import { outboundPolicy } from '../server/kernel/outbound';
import { startPlatform } from '../server/platform';
import { benchEmails, benchEnvironment } from './pipeline';
import type { Measurement } from './run';

/** Messages of the large mailbox (memory over a whole fetch), and of the one fetched and analysed. */
const LARGE = Number(process.env.BENCH_MAILBOX ?? 10_000);
const ANALYSED = Number(process.env.BENCH_MAILBOX_ANALYSED ?? 2_000);
const PASSWORD = 'bench-mailbox-password';

/** The generated emails, each with a Message-ID of its own, appended to a Dovecot user's INBOX. */
const fillMailbox = async (dovecot: Dovecot, user: string, count: number) => {
  dovecot.addUser(user, PASSWORD);
  const emails = benchEmails(Math.min(count, 2000));
  const session = await dovecot.client(user, PASSWORD);
  try {
    for (let i = 0; i < count; i++) {
      const raw = Buffer.from(emails[i % emails.length].bytes)
        .toString('utf8')
        .replace(/^Message-ID: .*$/m, `Message-ID: <bench-${user}-${i}@bench.test>`);
      await session.append('INBOX', raw);
    }
  } finally {
    await session.logout();
  }
};

const settingsOf = (dovecot: Dovecot, user: string): ImapSettings => ({
  host: '127.0.0.1',
  port: dovecot.port,
  security: 'none',
  username: user,
  folder: 'INBOX',
  draftsFolder: null,
  startDate: new Date(Date.now() - 3_600_000).toISOString(),
  blacklist: [],
  postProcessors: [],
  labelMode: 'keyword',
  expectConsolidation: false,
});

/**
 * `bench connectors` (docs/performance.md "Mail connectors"): a Dovecot mailbox read by the IMAP
 * connector on the database a user would run. Fetch alone (no worker analysing): messages recorded
 * per second (each one's row, analysis row, file and job) and the process's memory along a 10,000
 * message mailbox; then fetched and analysed: a 2,000 message mailbox from activation until every
 * analysis has ended, with the worker's analysis threads.
 */
export const connectorsBenchmarks = async (): Promise<Measurement[]> => {
  const dovecot = await startDovecot();
  const serverUrl = process.env.BENCH_DATABASE_URL;
  const measures: Measurement[] = [];
  const open = async (worker: boolean) => {
    const scratch = serverUrl ? await createScratchDatabase(serverUrl, 'bench') : undefined;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-connectors-'));
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
      SECRETS_KEY: 'bench-secrets-key-0123456789abcdef0123',
      OUTBOUND_ALLOW: '127.0.0.1',
      CONNECTOR_INTERVAL: '1',
    });
    const db = await openDatabase(config);
    const platform = await startPlatform(config, createLogger(config), { worker }, db);
    const env = await benchEnvironment(db);
    const [owner] = await db.query<{ id: string }>(
      `INSERT INTO users (id, username, email, password_hash) VALUES (gen_random_uuid(), 'bench', 'bench@bench.test', 'x') RETURNING id`,
    );
    const connector = (user: string) =>
      insertConnector(db, {
        environmentId: env.id,
        name: user,
        appType: 'imap',
        settings: settingsOf(dovecot, user),
        secrets: platform.secrets.seal(JSON.stringify({ password: PASSWORD })),
        secretFields: ['password'],
        ownerId: owner.id,
        ownerLocale: 'en',
      });
    const close = async () => {
      await platform.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      await scratch?.drop();
    };
    return { db, platform, env, connector, close };
  };

  try {
    process.stderr.write(`  filling a mailbox of ${LARGE} messages…\n`);
    await fillMailbox(dovecot, 'large', LARGE);
    const fetchOnly = await open(false);
    try {
      const id = await fetchOnly.connector('large');
      await setConnectorActive(fetchOnly.db, id, true);
      const options = {
        policy: outboundPolicy(['127.0.0.1']),
        secrets: fetchOnly.platform.secrets,
        microsoft: fetchOnly.platform.config.microsoft,
        google: fetchOnly.platform.config.google,
        intervalSeconds: 60,
        maxBytes: 25 * 1_048_576,
        publicUrl: 'http://bench.test',
        mailAfterSeconds: 3600,
        leaseSeconds: 60,
      };
      const rss: number[] = [];
      const cpu = process.cpuUsage();
      const started = performance.now();
      // Each run reads 1,000 messages at most; the runs follow one another as the worker's would.
      while (
        await runConnector(fetchOnly.db, fetchOnly.platform.queue, fetchOnly.platform.log, options, id)
      ) {
        rss.push(process.memoryUsage().rss);
      }
      const wall = (performance.now() - started) / 1000;
      const used = process.cpuUsage(cpu);
      const [{ n }] = await fetchOnly.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM analyses WHERE environment_id = $1',
        [fetchOnly.env.id],
      );
      measures.push(
        {
          name: `fetch alone, ${n} messages recorded (wall)`,
          value: Math.round(n / wall),
          unit: 'messages/s',
        },
        {
          name: 'fetch alone, per CPU-second of the process',
          value: Math.round(n / ((used.user + used.system) / 1e6)),
          unit: 'messages/s',
          target: '≥ the queue drain (bench pipeline)',
        },
        {
          name: `memory (RSS) after the first and the last of ${rss.length} runs`,
          value: Math.round((rss.at(-1)! - rss[0]) / 1_048_576),
          unit: `MB more (${Math.round(rss[0] / 1_048_576)} → ${Math.round(rss.at(-1)! / 1_048_576)} MB)`,
          target: 'flat',
        },
      );
    } finally {
      await fetchOnly.close();
    }

    process.stderr.write(`  filling a mailbox of ${ANALYSED} messages…\n`);
    await fillMailbox(dovecot, 'analysed', ANALYSED);
    const withWorker = await open(true);
    try {
      const id = await withWorker.connector('analysed');
      const started = performance.now();
      await setConnectorActive(withWorker.db, id, true);
      for (;;) {
        const [{ n }] = await withWorker.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM analyses WHERE environment_id = $1 AND status IN ('processed', 'error')`,
          [withWorker.env.id],
        );
        if (n >= ANALYSED) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      const wall = (performance.now() - started) / 1000;
      measures.push({
        name: `fetched and analysed, ${ANALYSED} messages from activation (wall)`,
        value: Math.round(ANALYSED / wall),
        unit: 'messages/s',
      });
    } finally {
      await withWorker.close();
    }
  } finally {
    await dovecot.stop();
  }
  return measures;
};
