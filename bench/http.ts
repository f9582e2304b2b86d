import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createScratchDatabase } from '../tests/support/scratch-database';
import { loadRuleset, referenceCategories, workloadConfig, type Ruleset } from './nlu-workload';
import { benchEmails } from './pipeline';
import { databaseServerCpuSeconds, signInApi, startServer, type StartedProcess } from './process';
import type { Measurement } from './run';

/**
 * The whole path a customer pays for (docs/performance.md, "HTTP"): the product started as
 * `npm start` starts it (and as `serve` + `worker` on PostgreSQL), the shared workload loaded through
 * the console API, the 2,000 emails posted to the public API with an access key by clients in a
 * process of their own (bench/http-load.mjs), each result awaited by a long poll (`?wait=`) that
 * brings it once the analysis ended: the result is read once, never polled (then again, each email
 * in one call that submits and waits). Figures: messages per
 * CPU-second of every process of the product, the database server's included (the clients'
 * process is not the product's and is left out), wall time, submit-to-result latency, peak memory.
 * Then the same at a steady offered load (HTTP_RATE messages per second) for the latency target;
 * the first pass again once the product is warm (its JavaScript compiled: the API process's CPU per
 * email falls by a third over its first 2,000 or so); and what each call of the path costs alone
 * (callCosts).
 */
const MESSAGES = Number(process.env.BENCH_HTTP_MESSAGES ?? 2000);
const CLIENTS = 16;
const RATE = Number(process.env.BENCH_HTTP_RATE ?? 100);
/** Messages whose categories are checked against the plain reference evaluation. */
const CHECKED = Number(process.env.BENCH_HTTP_CHECKED ?? 100);
const ADMIN = { email: 'bench@example.com', password: 'Bench-http-Admin-1' };
const API = '/v4/console/api';

/** Every term exact, so that the product and a peer without typo tolerance give the same answers. */
const exactWorkload = (ruleset: Ruleset) => {
  const { definitions, categorisation } = workloadConfig(ruleset);
  const withIds = <T extends object>(entities: T[]) => entities.map((e) => ({ id: randomUUID(), ...e }));
  return {
    format: 'environment-configuration',
    version: 1,
    settings: { languages: ['gb'], multiCategory: true, defaultCategory: '' },
    entities: {
      archetypes: withIds(
        definitions.archetypes.map((a) => ({
          name: a.name,
          expressions: a.expressions.map((e) => (e.type === 'term' ? { ...e, exact: true } : e)),
        })),
      ),
      interactions: withIds(definitions.interactions),
      contexts: withIds(definitions.contexts),
      servers: withIds([{ ...definitions.server, state: 'stopped' }]),
      categories: withIds(categorisation.categories.map(({ name, kind, rules }) => ({ name, kind, rules }))),
    },
  };
};

/** Signs in through the API and makes the benchmark's environment and access key there. */
const prepare = async (url: string, ruleset: Ruleset) => {
  const { call, token } = await signInApi(url, ADMIN);
  const [org] = await call<{ id: string }[]>(token, 'GET', `${API}/organisations`);
  const filter = encodeURIComponent(JSON.stringify({ organisationId: org.id }));
  const [project] = await call<{ id: string }[]>(token, 'GET', `${API}/projects?filter=${filter}`);
  const env = await call<{ id: string }>(token, 'POST', `${API}/projects/${project.id}/environments`, {
    name: 'Bench http',
  });
  await call(token, 'PUT', `${API}/environments/${env.id}/configuration`, exactWorkload(ruleset));
  const servers = await call<{ id: string }[]>(token, 'GET', `${API}/environments/${env.id}/servers`);
  await call(token, 'POST', `${API}/environments/${env.id}/servers/${servers[0].id}/start`);
  const key = await call<{ secret: string }>(token, 'POST', `${API}/environments/${env.id}/access-keys`, {
    name: 'bench',
  });
  return key.secret;
};

interface LoadReport {
  latencies: number[];
  answers: {
    id: string;
    bytes: number;
    categories: string[];
    message?: { subject?: string; text: string } | null;
  }[];
  errors: number;
  wallMs: number;
}

/** Runs bench/http-load.mjs in a process of its own. */
const load = (args: object) =>
  new Promise<LoadReport>((resolve, reject) => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-http-')), 'args.json');
    fs.writeFileSync(file, JSON.stringify(args));
    const script = fileURLToPath(new URL('./http-load.mjs', import.meta.url));
    execFile(process.execPath, [script, file], { maxBuffer: 256 * 1024 * 1024 }, (err, stdout, stderr) =>
      err ? reject(new Error(`${err.message}\n${stderr}`)) : resolve(JSON.parse(stdout) as LoadReport),
    );
  });

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
};

/** The answers that differ from the reference evaluation, among the first CHECKED. */
const mismatches = (ruleset: Ruleset, report: LoadReport) => {
  const reach = new Map<string, Set<string>>();
  let wrong = 0;
  for (const answer of report.answers.slice(0, CHECKED)) {
    const m = answer.message;
    const expected = m
      ? referenceCategories(ruleset, m.subject ?? '', m.text, reach, { exact: true })
      : ['?'];
    const got = answer.categories.filter((c) => c !== 'NO_CATEGORY');
    if (expected.sort().join() !== got.sort().join()) wrong += 1;
  }
  return wrong;
};

/**
 * Whether the server has the status read (older code had not: its clients polled the record;
 * docs/decisions/queue-client-told-when-ended.md).
 */
const waitModeOf = async (url: string, key: string) => {
  const res = await fetch(`${url}/v4/api/analyses/00000000-0000-4000-8000-000000000000/status`, {
    headers: { authorization: `Bearer ${key}` },
  });
  return res.status === 404 && (await res.json()).code === 'ANALYSIS_NOT_FOUND' ? 'wait' : 'poll';
};

/** What `run` costs in CPU seconds: each of the product's processes, their sum, the database server. */
const cpuDuring = async <T>(processes: StartedProcess[], run: () => Promise<T>) => {
  const before = processes.map((p) => p.cpuSeconds());
  const dbBefore = databaseServerCpuSeconds() ?? 0;
  const result = await run();
  const cpuOf = processes.map((p, i) => p.cpuSeconds() - before[i]);
  return {
    result,
    cpuOf,
    productCpu: cpuOf.reduce((sum, s) => sum + s, 0),
    dbCpu: (databaseServerCpuSeconds() ?? 0) - dbBefore,
  };
};

/**
 * The path's calls, each measured alone (the breakdown per step): a status read and a record read
 * (the result with it) of ended analyses, twice over the emails; on PostgreSQL, where the API has
 * a process of its own, the submission too (the worker analyses meanwhile, in its own process).
 * Per call, the CPU of the API process (PGlite: the one process, its database included) and of the
 * database server.
 */
const callCosts = async (
  label: string,
  processes: StartedProcess[],
  common: object,
  files: { filename: string; path: string }[],
  ended: LoadReport,
): Promise<Measurement[]> => {
  const paths = ended.answers.map((a) => `/v4/api/analyses/${a.id}`);
  const row = async (
    call: string,
    calls: number,
    run: () => Promise<unknown>,
    database = 'database server',
  ): Promise<Measurement> => {
    const { cpuOf, dbCpu } = await cpuDuring(processes, run);
    const us = (seconds: number) => Math.round((seconds / calls) * 1e6);
    return {
      name: `${label}: CPU per call, ${call}`,
      value: us(cpuOf[0]),
      unit: processes.length === 2 ? `µs API process / ${us(dbCpu)} µs ${database}` : 'µs',
    };
  };
  const reads = (suffix: string) => [...paths, ...paths].map((p) => p + suffix);
  const rows = [
    await row('status read (GET …/{id}/status)', paths.length * 2, () =>
      load({ ...common, reads: reads('/status'), clients: CLIENTS }),
    ),
    await row('record read with its result (GET …/{id})', paths.length * 2, () =>
      load({ ...common, reads: reads(''), clients: CLIENTS }),
    ),
  ];
  if (processes.length === 2)
    rows.push(
      await row(
        'submission (POST, multipart)',
        files.length,
        () => load({ ...common, files, clients: CLIENTS, waitMode: 'none' }),
        'database server, with the worker’s claim and result write',
      ),
    );
  return rows;
};

const measure = async (label: string, processes: StartedProcess[], url: string): Promise<Measurement[]> => {
  const ruleset = loadRuleset();
  const key = await prepare(url, ruleset);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-http-emails-'));
  const files = benchEmails(MESSAGES).map((f) => {
    const file = path.join(dir, f.filename);
    fs.writeFileSync(file, f.bytes);
    return { filename: f.filename, path: file };
  });
  const waitMode = await waitModeOf(url, key);
  const common = { url, key, waitMode, checked: CHECKED };
  // A warm-up of 200 messages: the pipeline threads start, the configuration compiles.
  await load({ ...common, files: files.slice(0, 200), clients: CLIENTS });

  const {
    result: closed,
    cpuOf,
    productCpu,
    dbCpu,
  } = await cpuDuring(processes, () => load({ ...common, files, clients: CLIENTS }));
  const wrong = mismatches(ruleset, closed);
  if (wrong) throw new Error(`${wrong} of ${CHECKED} answers differ from the reference evaluation`);

  const open = await load({ ...common, files: files.slice(0, RATE * 10), rate: RATE });

  // The same emails again, each in one call that waits for its result (POST …?wait=).
  let oneCall: { perCpuSecond: number; wallMs: number } | undefined;
  if (waitMode === 'wait') {
    const run = await cpuDuring(processes, () =>
      load({ ...common, files, clients: CLIENTS, waitMode: 'submit-wait' }),
    );
    if (mismatches(ruleset, run.result))
      throw new Error('submit-and-wait answers differ from the reference evaluation');
    oneCall = {
      perCpuSecond: Math.round(MESSAGES / (run.productCpu + run.dbCpu)),
      wallMs: Math.round(run.result.wallMs),
    };
  }
  // The same pass again, the product now warm: a server that runs for days answers at this cost.
  const warmAfter = 200 + 2 * MESSAGES + RATE * 10 + (oneCall ? MESSAGES : 0);
  const warm = await cpuDuring(processes, () => load({ ...common, files, clients: CLIENTS }));
  if (mismatches(ruleset, warm.result)) throw new Error('warm answers differ from the reference evaluation');
  // Read before the calls measured alone: the peak is the path's, not theirs.
  const peakMb = processes.reduce((sum, p) => sum + p.peakMb(), 0);
  const perCall = waitMode === 'wait' ? await callCosts(label, processes, common, files, closed) : [];
  fs.rmSync(dir, { recursive: true, force: true });
  const cpu = productCpu + dbCpu;
  const target = label.startsWith('PostgreSQL') ? '≥ 900 (Rspamd 907)' : '≥ 600';
  const perEmailMs = (s: number) => Math.round((s / MESSAGES) * 10_000) / 10;
  /** A pass's CPU per email, each process apart on PostgreSQL, and its wall time. */
  const cpuPerEmail = (
    pass: string,
    wallMs: number,
    run: { cpuOf: number[]; productCpu: number; dbCpu: number },
  ): Measurement[] => [
    {
      name: `${label}: CPU per email${pass}, product / database server`,
      value: perEmailMs(run.productCpu),
      unit: `ms / ${perEmailMs(run.dbCpu)} ms`,
    },
    ...(processes.length === 2
      ? [
          {
            name: `${label}: CPU per email${pass}, API process / worker process`,
            value: perEmailMs(run.cpuOf[0]),
            unit: `ms / ${perEmailMs(run.cpuOf[1])} ms`,
          },
        ]
      : []),
    { name: `${label}: wall time${pass}, ${MESSAGES} emails`, value: Math.round(wallMs), unit: 'ms' },
  ];
  return [
    {
      name: `${label}: messages per CPU-second, whole path, first pass after the start (${CLIENTS} clients, ${waitMode})`,
      value: Math.round(MESSAGES / cpu),
      unit: 'msg/CPU-s',
      target,
    },
    ...(oneCall
      ? [
          {
            name: `${label}: the same, each email in one call (POST ?wait), wall ${oneCall.wallMs} ms`,
            value: oneCall.perCpuSecond,
            unit: 'msg/CPU-s',
          },
        ]
      : []),
    ...cpuPerEmail('', closed.wallMs, { cpuOf, productCpu, dbCpu }),
    {
      name: `${label}: messages per CPU-second, whole path, warm (the same pass after ${warmAfter.toLocaleString('en')} emails)`,
      value: Math.round(MESSAGES / (warm.productCpu + warm.dbCpu)),
      unit: 'msg/CPU-s',
      target,
    },
    ...cpuPerEmail(', warm', warm.result.wallMs, warm),
    ...perCall,
    {
      name: `${label}: submit-to-result p50 / p95 (${CLIENTS} clients)`,
      value: Math.round(percentile(closed.latencies, 50)),
      unit: `ms / ${Math.round(percentile(closed.latencies, 95))} ms`,
    },
    {
      name: `${label}: submit-to-result p50 / p95 at ${RATE} msg/s offered`,
      value: Math.round(percentile(open.latencies, 50)),
      unit: `ms / ${Math.round(percentile(open.latencies, 95))} ms`,
      target: 'p95 ≤ 250 ms',
    },
    { name: `${label}: peak memory of the product's processes`, value: Math.round(peakMb), unit: 'MB' },
    {
      name: `${label}: size of an answer with its result (mean)`,
      value: Math.round(closed.answers.reduce((sum, a) => sum + a.bytes, 0) / closed.answers.length / 1024),
      unit: 'KB',
    },
    {
      name: `${label}: answers checked against the reference (${CHECKED} messages)`,
      value: CHECKED - wrong,
      unit: `of ${CHECKED}`,
    },
    { name: `${label}: analyses not processed`, value: closed.errors + open.errors, unit: '' },
  ];
};

/**
 * The benchmark's one access key posts thousands of analyses as fast as the server takes them: it
 * measures the path, not the submission limits (docs/security.md, "Submission rate limits").
 */
const seedEnv = {
  SEED_ADMIN_EMAIL: ADMIN.email,
  SEED_ADMIN_PASSWORD: ADMIN.password,
  ANALYSIS_RATE_PER_KEY: '100000',
  ANALYSIS_BURST_PER_KEY: '1000000',
};

/**
 * The embedded database, one process (`npm start`); PostgreSQL as `serve` + `worker` when
 * BENCH_DATABASE_URL is set. BENCH_PROFILE_DIR=dir writes the product's CPU profiles there.
 */
export const httpBenchmarks = async (): Promise<Measurement[]> => {
  const rows: Measurement[] = [];
  // BENCH_HTTP_DB=postgres measures PostgreSQL only (=pglite, the embedded database only).
  if (process.env.BENCH_HTTP_DB !== 'postgres') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-http-data-'));
    const main = await startServer({ ...seedEnv, PORT: '8431', DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    try {
      rows.push(...(await measure('PGlite (npm start)', [main], main.url)));
    } finally {
      await main.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (process.env.BENCH_HTTP_DB === 'pglite') return rows;
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) {
    rows.push({ name: 'PostgreSQL: set BENCH_DATABASE_URL to measure', value: 0, unit: '' });
    return rows;
  }
  const database = await createScratchDatabase(serverUrl, 'bench');
  const env = { ...seedEnv, DATABASE_URL: database.url, LOG_LEVEL: 'info' };
  const serve = await startServer({ ...env, PORT: '8432' }, 'serve');
  const worker = await startServer({ ...env, PORT: '8433' }, 'worker');
  try {
    rows.push(...(await measure('PostgreSQL (serve + worker)', [serve, worker], serve.url)));
  } finally {
    await Promise.all([serve.stop(), worker.stop()]);
    await database.drop();
  }
  return rows;
};
