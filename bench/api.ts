import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createScratchDatabase } from '../tests/support/scratch-database';
import { defineResourceSchema } from '../schemas/_defs/admin';
import { resourceSchemas } from '../schemas/index';
import { buildApp } from '../server/app';
import { hashPassword } from '../server/auth/passwords';
import { loadConfig } from '../server/kernel/config';
import { openDatabase } from '../server/kernel/db';
import { createLogger } from '../server/kernel/logger';
import { startPlatform } from '../server/platform';
import type { Measurement } from './run';

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const CONCURRENCY = 16;
const SECONDS = 8;

/** A configuration entity like the many the pipeline will have (archetypes, rules…): a JSONB document. */
const benchItems = defineResourceSchema({
  $id: 'bench-item',
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    category: { type: 'string', enum: ['alpha', 'beta', 'gamma', 'delta'] },
    weight: { type: 'integer' },
  },
  'x-admin': {
    scope: 'environment',
    path: 'bench-items',
    storage: 'document',
    listColumns: ['name', 'category', 'weight'],
    searchFields: ['name'],
    filters: ['category'],
    recordRepresentation: 'name',
    menu: false,
    access: { read: 'cockpit', write: 'configurator' },
    readOnly: ['id'],
  },
});

const categories = ['alpha', 'beta', 'gamma', 'delta'];
const words = [
  'invoice',
  'claim',
  'quote',
  'order',
  'refund',
  'delay',
  'baggage',
  'meeting',
  'contract',
  'renewal',
];

/** CPU time every core of the machine spent busy since boot, in ms (Linux; 0 elsewhere). */
const machineBusyMs = () => {
  if (!fs.existsSync('/proc/stat')) return 0;
  const [, ...ticks] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  const [user, nice, system, , , irq, softirq, steal] = ticks;
  // USER_HZ is 100 on Linux: one tick is 10 ms.
  return (user + nice + system + irq + softirq + steal) * 10;
};

/** Runs bench/api-load.mjs in a process of its own and reads its latencies. */
const loadFrom = (urls: string[], authorization: string) =>
  new Promise<{ latencies: number[]; errors: number; seconds: number }>((resolve, reject) => {
    const args = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-load-')), 'args.json');
    fs.writeFileSync(
      args,
      JSON.stringify({ urls, authorization, concurrency: CONCURRENCY, seconds: SECONDS }),
    );
    const script = fileURLToPath(new URL('./api-load.mjs', import.meta.url));
    execFile(process.execPath, [script, args], { maxBuffer: 64 * 1024 * 1024 }, (err, stdout) => {
      fs.rmSync(path.dirname(args), { recursive: true, force: true });
      if (err) reject(err);
      else resolve(JSON.parse(stdout));
    });
  });

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

/** One database: 10 000 documents, then 16 concurrent clients on sorted, filtered, paged list calls. */
const measure = async (label: string, env: Record<string, string>): Promise<Measurement[]> => {
  const config = loadConfig({ ...env, LOG_LEVEL: 'warn', PORT: '0', HOST: '127.0.0.1' });
  const db = await openDatabase(config);
  const platform = await startPlatform(config, createLogger(config), { worker: false }, db);
  const app = await buildApp(platform, { schemas: [...resourceSchemas, benchItems] });
  try {
    const [orgId, projectId, envId, userId] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await db.query(`INSERT INTO organisations (id, name) VALUES ($1, 'Bench')`, [orgId]);
    await db.query(`INSERT INTO projects (id, organisation_id, name) VALUES ($1, $2, 'Bench')`, [
      projectId,
      orgId,
    ]);
    await db.query(`INSERT INTO environments (id, project_id, name) VALUES ($1, $2, 'Bench')`, [
      envId,
      projectId,
    ]);
    await db.query(
      `INSERT INTO users (id, username, email, password_hash) VALUES ($1, 'bench', 'bench@example.test', $2)`,
      [userId, await hashPassword('Bench-Password-1')],
    );
    await db.query(`INSERT INTO memberships (organisation_id, user_id, is_admin) VALUES ($1, $2, true)`, [
      orgId,
      userId,
    ]);
    for (let start = 0; start < ROWS; start += 1000) {
      const docs = Array.from({ length: 1000 }, (_, k) => {
        const i = start + k;
        return {
          name: `${words[i % 10]} ${words[(i * 7) % 10]} ${String(i).padStart(5, '0')}`,
          category: categories[i % 4],
          weight: (i * 37) % 1000,
        };
      });
      await db.query(
        `INSERT INTO resource_documents (scope, scope_id, resource, id, data)
         SELECT 'environment', $1, 'bench-item', gen_random_uuid(), d FROM jsonb_array_elements($2::jsonb) AS d`,
        [envId, JSON.stringify(docs)],
      );
    }
    // What autovacuum does after a bulk load: statistics for the planner.
    await db.query('ANALYZE resource_documents');
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const base = `http://127.0.0.1:${port}`;
    const login = await fetch(`${base}/api/login_check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'bench', password: 'Bench-Password-1' }),
    });
    const { token } = (await login.json()) as { token: string };
    const list = (i: number, start: number) => {
      const sort = encodeURIComponent(
        JSON.stringify([['name', 'weight', 'category'][i % 3], i % 2 ? 'ASC' : 'DESC']),
      );
      const range = encodeURIComponent(JSON.stringify([start, start + 24]));
      const filter = encodeURIComponent(
        JSON.stringify(i % 2 ? { q: words[(i >> 1) % 10] } : { category: categories[(i >> 1) % 4] }),
      );
      return `${base}/v4/console/api/environments/${envId}/bench-items?sort=${sort}&range=${range}&filter=${filter}`;
    };
    // Varied pages, sorts and filters, as people paging through a long list do: the same pages
    // come back, and lists are kept in memory while the resource does not change.
    const pages = Array.from({ length: 64 }, (_, i) => list(i, (i * 25) % 2000));
    // Every list a question nobody asked before: the database sorts and counts every time.
    const firstTimes = Array.from({ length: 20_000 }, (_, i) => list(i, i % 2000));
    const check = await fetch(pages[0], { headers: { authorization: `Bearer ${token}` } });
    if (check.status !== 200) throw new Error(`list answered ${check.status}: ${await check.text()}`);
    const round = (n: number) => Math.round(n * 10) / 10;
    const load = async (urls: string[], what: string, target?: string): Promise<Measurement[]> => {
      const busyBefore = machineBusyMs();
      const result = await loadFrom(urls, `Bearer ${token}`);
      const busy = machineBusyMs() - busyBefore;
      const sorted = [...result.latencies].sort((a, b) => a - b);
      const name = `${label}, ${what}`;
      return [
        {
          name: `${name}: list of ${ROWS} documents, ${CONCURRENCY} clients`,
          value: Math.round(sorted.length / result.seconds),
          unit: 'req/s',
        },
        { name: `${name}: latency p50`, value: round(percentile(sorted, 0.5)), unit: 'ms' },
        { name: `${name}: latency p95`, value: round(percentile(sorted, 0.95)), unit: 'ms', target },
        // Server, database and load generator share this machine's cores: what one request costs them all.
        ...(busy > 0
          ? [{ name: `${name}: machine CPU per request`, value: round(busy / sorted.length), unit: 'ms' }]
          : []),
        ...(result.errors ? [{ name: `${name}: non-200 answers`, value: result.errors, unit: '' }] : []),
        ...(sorted.length > urls.length && urls === firstTimes
          ? [
              {
                name: `${name}: lists asked twice (more requests than questions)`,
                value: sorted.length - urls.length,
                unit: '',
              },
            ]
          : []),
      ];
    };
    return [
      ...(await load(pages, '64 pages again and again', label === 'PostgreSQL' ? '≤ 25 ms' : undefined)),
      ...(await load(firstTimes, 'every list asked once')),
    ];
  } finally {
    await app.close();
    await platform.stop();
  }
};

/**
 * The generic list endpoint under load (docs/decisions/resources-list-cache.md; figures:
 * docs/performance.md, "API"): PGlite always, PostgreSQL when BENCH_DATABASE_URL names a server (a
 * throwaway database is created on it).
 */
export const apiBenchmarks = async (): Promise<Measurement[]> => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-api-'));
  const rows = await measure('PGlite', { DATA_DIR: dir });
  fs.rmSync(dir, { recursive: true, force: true });
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) {
    rows.push({ name: 'PostgreSQL: set BENCH_DATABASE_URL to measure', value: 0, unit: '' });
    return rows;
  }
  const database = await createScratchDatabase(serverUrl, 'bench');
  try {
    rows.push(...(await measure('PostgreSQL', { DATABASE_URL: database.url })));
  } finally {
    await database.drop();
  }
  return rows;
};
