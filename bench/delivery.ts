import { fork } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createScratchDatabase } from '../tests/support/scratch-database';
import { loadConfig } from '../server/kernel/config';
import { openDatabase } from '../server/kernel/db';
import { insertJobSql, queues } from '../server/kernel/queue';
import { outboundPolicy } from '../server/kernel/outbound';
import { sign } from '../server/delivery/send';
import { startDeliveryWorker } from '../server/delivery/worker';
import { createLogger } from '../server/kernel/logger';
import { startPlatform } from '../server/platform';
import { benchEmails, benchEnvironment, throughQueue } from './pipeline';
import { databaseServerCpuSeconds, median } from './process';
import type { Measurement } from './run';

/** Deliveries made and delivered per measure. */
const DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? 2000);

/** A receiver in a process of its own (its CPU is not the platform's): answers 204 to every POST. */
const startReceiver = async () => {
  const child = fork(path.join(import.meta.dirname, 'webhook-receiver.mjs'), [], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve) => child.once('message', (m) => resolve(Number(m))));
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received: () =>
      new Promise<number>((resolve) => {
        child.once('message', (m) => resolve(Number(m)));
        child.send('count');
      }),
    stop: () => child.kill(),
  };
};

/** A typical full payload: the output module's defaults on an email (about 2 KB of JSON). */
const payload = () =>
  JSON.stringify({
    analysisId: randomUUID(),
    name: 'Demande de résiliation',
    status: 'processed',
    language: 'fr',
    categories: [{ name: 'Résiliation', rule: 'resiliation-contrat', taint: null }],
    extractedData: [
      { name: 'contract', value: 'C-2024-118733', source: 'text' },
      { name: 'date', value: '2026-11-30', source: 'text' },
    ],
    metadata: { channel: 'mail', mailbox: 'claims@acme.test' },
    reply: { template: 'accuse', text: 'Bonjour,\n\nNous avons bien reçu votre demande. '.repeat(20) },
  });

/**
 * `DELIVERIES` deliveries queued at once to one webhook, delivered by the real delivery worker (its
 * 64 attempts in flight) to a local receiver: deliveries per second (wall) and CPU per delivery of
 * the platform process (plus the PostgreSQL server's, when it is local).
 */
const deliveriesPerSecond = async (receiverUrl: string) => {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  const scratch = serverUrl ? await createScratchDatabase(serverUrl, 'bench') : undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-delivery-'));
  const cfg = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    OUTBOUND_ALLOW: '127.0.0.1',
  });
  const db = await openDatabase(cfg);
  const platform = await startPlatform(cfg, createLogger(cfg), { worker: false }, db);
  try {
    const { id: envId, webhookId } = await benchEnvironment(db, receiverUrl);
    const body = payload();
    const queueAll = (count: number) =>
      db.query(
        `WITH d AS (
           INSERT INTO webhook_deliveries (id, webhook_id, environment_id, analysis_name, payload)
           SELECT gen_random_uuid(), $1, $2, 'bench ' || i, $3::jsonb FROM generate_series(1, $4) i RETURNING id
         ) ${insertJobSql(queues.webhookDelivery, "jsonb_build_object('deliveryId', d.id, 'attempt', 1)", 'd')}`,
        [webhookId, envId, body, count],
      );
    const delivered = async (count: number) => {
      for (;;) {
        const [{ n }] = await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM webhook_deliveries WHERE status = 'delivered'`,
        );
        if (n >= count) return;
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    const worker = await startDeliveryWorker(platform.queue.boss, db, platform.queue, platform.log, {
      policy: outboundPolicy(cfg.outboundAllow),
      publicUrl: cfg.publicUrl,
      ...cfg.webhooks,
    });
    // Warm-up: code compiled, connections open.
    await queueAll(200);
    await delivered(200);
    const rounds: { wall: number; cpuMs: number; serverMs: number | null }[] = [];
    for (let round = 0; round < 3; round++) {
      const before = 200 + round * DELIVERIES;
      await queueAll(DELIVERIES);
      const cpu = process.cpuUsage();
      const server = scratch ? databaseServerCpuSeconds() : null;
      const started = performance.now();
      await delivered(before + DELIVERIES);
      const seconds = (performance.now() - started) / 1000;
      const used = (({ user, system }) => (user + system) / 1e3)(process.cpuUsage(cpu));
      const serverAfter = server === null ? null : databaseServerCpuSeconds();
      rounds.push({
        wall: DELIVERIES / seconds,
        cpuMs: used / DELIVERIES,
        serverMs:
          server === null || serverAfter === null ? null : ((serverAfter - server) * 1000) / DELIVERIES,
      });
    }
    await worker.stop();
    const [{ failed }] = await db.query<{ failed: number }>(
      `SELECT count(*)::int AS failed FROM webhook_deliveries WHERE status <> 'delivered'`,
    );
    return {
      perSecond: Math.round(median(rounds.map((r) => r.wall))),
      cpuMs: median(rounds.map((r) => r.cpuMs)),
      serverMs: rounds[0].serverMs === null ? null : median(rounds.map((r) => r.serverMs!)),
      failed,
      database: db.kind,
    };
  } finally {
    await platform.stop();
    await scratch?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
};

/** Microseconds to sign a body of `bytes` (HMAC-SHA256, hex). */
const signingMicros = (bytes: number) => {
  const body = randomBytes(bytes);
  const secret = `whsec_${randomBytes(32).toString('base64url')}`;
  for (let i = 0; i < 1000; i++) sign(secret, body);
  const n = 20_000;
  const started = performance.now();
  for (let i = 0; i < n; i++) sign(secret, body);
  return ((performance.now() - started) * 1000) / n;
};

export const deliveryBenchmarks = async (): Promise<Measurement[]> => {
  const receiver = await startReceiver();
  try {
    const rate = await deliveriesPerSecond(receiver.url);
    // The analysis path with and without a webhook, alternated: what making the deliveries adds.
    const emails = benchEmails(2000);
    const without: number[] = [];
    const withHook: number[] = [];
    // CPU of the process, and of the PostgreSQL server when it is local (where the rows' cost lands).
    const cpu = (q: Awaited<ReturnType<typeof throughQueue>>) => q.withServerPerSecond ?? q.cpuPerSecond;
    for (let i = 0; i < 3; i++) {
      without.push(cpu(await throughQueue(emails)));
      withHook.push(cpu(await throughQueue(emails, { webhookUrl: receiver.url })));
    }
    const added = Math.round((median(without) / median(withHook) - 1) * 1000) / 10;
    return [
      {
        name: `deliveries to a local receiver (${DELIVERIES} queued at once, ${rate.database}, median of 3)`,
        value: rate.perSecond,
        unit: 'deliveries/s',
        target: '≥ 500',
      },
      {
        name: 'CPU per delivery, platform process',
        value: Math.round(rate.cpuMs * 100) / 100,
        unit: 'ms',
      },
      ...(rate.serverMs === null
        ? []
        : [
            {
              name: 'CPU per delivery, PostgreSQL server',
              value: Math.round(rate.serverMs * 100) / 100,
              unit: 'ms',
            },
          ]),
      { name: 'deliveries not delivered', value: rate.failed, unit: '', target: '0' },
      { name: 'signing a 2 KB body', value: Math.round(signingMicros(2048) * 10) / 10, unit: 'µs' },
      { name: 'signing a 1 MB body', value: Math.round(signingMicros(1_048_576)), unit: 'µs' },
      {
        name: `analyses through the queue, CPU${rate.serverMs === null ? '' : ' with the PostgreSQL server'}, with an active webhook (${rate.database}, median of 3 alternated)`,
        value: Math.round(median(withHook)),
        unit: `analyses/s per core (without: ${Math.round(median(without))})`,
      },
      { name: 'cost the deliveries add to the analysis path', value: added, unit: '%', target: '≤ 5 %' },
    ];
  } finally {
    receiver.stop();
  }
};
