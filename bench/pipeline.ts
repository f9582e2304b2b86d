import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { createScratchDatabase } from '../tests/support/scratch-database';
import { DEFAULT_EXTRACTOR_SETTINGS } from '../schemas/extractor-settings';
import { createAnalysis } from '../server/analyses/repository';
import { loadConfig } from '../server/kernel/config';
import { openDatabase, type Db } from '../server/kernel/db';
import { createLogger } from '../server/kernel/logger';
import { runPipeline } from '../server/pipeline/engine';
import { imageParser } from '../server/pipeline/extractor/parsers/image';
import { createTesseractOcr } from '../server/pipeline/extractor/ocr/tesseract';
import { CORPUS_DIR, WORKLOAD_DIR } from '../server/pipeline/extractor/test-support/corpus';
import { EMPTY_LANGUAGE_CONFIG, type PipelineConfig, type PipelineServices } from '../server/pipeline/stage';
import { startPlatform } from '../server/platform';
import { createPipelinePool } from '../server/pipeline-threads/pool';
import { databaseServerCpuSeconds, median } from './process';
import type { Measurement } from './run';

const QUEUED = Number(process.env.BENCH_QUEUED ?? 1000);
/** Analyses drained before the measured ones, and how many times 1,000 are drained (the median is kept). */
const QUEUE_WARM_UP = 500;
const QUEUE_ROUNDS = 3;

/** Default settings, OCR off: OCR is measured on its own, per page. */
const config: PipelineConfig = {
  extractor: {
    ...structuredClone(DEFAULT_EXTRACTOR_SETTINGS),
    image: { ...DEFAULT_EXTRACTOR_SETTINGS.image, ocr: false },
    document: { ...DEFAULT_EXTRACTOR_SETTINGS.document, ocrMode: 'OFF' },
  },
  languages: ['fr'],
  ...EMPTY_LANGUAGE_CONFIG,
};
const noOcr: PipelineServices = {
  ocr: {
    recognize: () => {
      throw new Error('OCR is not part of this measurement');
    },
  },
  speech: null,
};

/** The workload of bench/workload (the team's shared one): deterministic text emails, 4.4 KB on average. */
export const benchEmails = (count: number) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-emails-'));
  execFileSync('python3', [path.join(WORKLOAD_DIR, 'gen_emails.py'), dir, String(count)]);
  const files = fs
    .readdirSync(dir)
    .sort()
    .map((f) => ({ filename: f, bytes: new Uint8Array(fs.readFileSync(path.join(dir, f))) }));
  fs.rmSync(dir, { recursive: true, force: true });
  return files;
};

/** Analyses per second of one core: the CPU time of this single-threaded process, not wall time. */
const perCore = async (files: { filename: string; bytes: Uint8Array }[], rounds: number) => {
  const signal = new AbortController().signal;
  let failed = 0;
  const cpu = process.cpuUsage();
  for (let r = 0; r < rounds; r++) {
    for (const f of files) {
      const input = {
        kind: 'file' as const,
        name: f.filename,
        filename: f.filename,
        bytes: f.bytes,
        metadata: {},
      };
      const result = await runPipeline('bench', input, config, noOcr, signal);
      if (result.status !== 'processed') failed += 1;
    }
  }
  const used = process.cpuUsage(cpu);
  const seconds = (used.user + used.system) / 1e6;
  return { perSecond: Math.round((files.length * rounds) / seconds), failed };
};

/**
 * An organisation, project and environment for a benchmark's analyses; with `webhookUrl`, an
 * active webhook of the environment posting there. Answers the environment and the webhook's id.
 */
export const benchEnvironment = async (db: Db, webhookUrl?: string) => {
  const [org] = await db.query<{ id: string }>(
    `INSERT INTO organisations (id, name) VALUES ($1, 'Bench') RETURNING id`,
    [randomUUID()],
  );
  const [project] = await db.query<{ id: string }>(
    `INSERT INTO projects (id, organisation_id, name) VALUES ($1, $2, 'Bench') RETURNING id`,
    [randomUUID(), org.id],
  );
  const [env] = await db.query<{ id: string }>(
    `INSERT INTO environments (id, project_id, name) VALUES ($1, $2, 'Bench') RETURNING id`,
    [randomUUID(), project.id],
  );
  const webhookId = randomUUID();
  if (webhookUrl)
    await db.query(`INSERT INTO webhooks (id, environment_id, url, secret) VALUES ($1, $2, $3, $4)`, [
      webhookId,
      env.id,
      webhookUrl,
      `whsec_${randomBytes(32).toString('base64url')}`,
    ]);
  return { id: env.id, webhookId };
};

/**
 * 1,000 analyses through the real queue and worker, on the database a user would run. With
 * `webhookUrl`, the environment has an active webhook: each result write also makes its delivery
 * and the delivery's job (delivered by bench/delivery.ts's own measure, not here).
 */
export const throughQueue = async (
  files: { filename: string; bytes: Uint8Array }[],
  options: { webhookUrl?: string } = {},
) => {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  const scratch = serverUrl ? await createScratchDatabase(serverUrl, 'bench') : undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-queue-'));
  const cfg = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    ANALYSIS_BATCH: process.env.ANALYSIS_BATCH ?? '16',
    ...(process.env.ANALYSIS_THREADS ? { ANALYSIS_THREADS: process.env.ANALYSIS_THREADS } : {}),
  });
  const db = await openDatabase(cfg);
  const platform = await startPlatform(cfg, createLogger(cfg), { worker: false }, db);
  const pipelines = createPipelinePool(noOcr, { threads: cfg.analysis.threads });
  try {
    const env = await benchEnvironment(db, options.webhookUrl);
    const enqueue = async (count: number) => {
      for (let i = 0; i < count; i++) {
        const f = files[i % files.length];
        await createAnalysis(db, platform.queue, {
          environmentId: env.id,
          name: f.filename,
          inputType: 'file',
          file: { filename: f.filename, mime: 'message/rfc822', bytes: f.bytes },
          metadata: {},
          manualFinalStatus: false,
        });
      }
    };
    // Whether any analysis is left, by the partial index of unfinished ones: this poll's own CPU is
    // counted with the worker's, and counting the rows (as it did) cost about a tenth of a drain's.
    const drained = async () => {
      for (;;) {
        const [{ busy }] = await db.query<{ busy: boolean }>(
          `SELECT EXISTS (SELECT 1 FROM analyses WHERE status IN ('waiting', 'pending')) AS busy`,
        );
        if (!busy) return;
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    const { startAnalysisWorker } = await import('../server/analyses/worker');
    const startWorker = () =>
      startAnalysisWorker(platform.queue.boss, db, platform.queue, platform.log, pipelines, cfg.analysis);
    // A warm-up, as in-process: the worker's and the driver's code is compiled when measured.
    await enqueue(QUEUE_WARM_UP);
    const warming = await startWorker();
    await drained();
    await warming.stop();
    // The worker starts on a full queue: what is measured is draining it, three times (the median).
    const drains: { wall: number; cpu: number; withServer?: number }[] = [];
    const profiler = await mainThreadProfiler();
    for (let round = 0; round < QUEUE_ROUNDS; round++) {
      await enqueue(QUEUED);
      await profiler?.start();
      const byThread = threadCpu();
      const cpu = process.cpuUsage();
      const serverCpu = scratch ? databaseServerCpuSeconds() : null;
      const started = performance.now();
      const worker = await startWorker();
      await drained();
      const seconds = (performance.now() - started) / 1000;
      const used = (({ user, system }) => (user + system) / 1e6)(process.cpuUsage(cpu));
      byThread?.(`drain ${round}`, QUEUED);
      const serverAfter = serverCpu === null ? null : databaseServerCpuSeconds();
      const serverUsed = serverCpu === null || serverAfter === null ? null : serverAfter - serverCpu;
      await profiler?.stop(`queue-${round}`);
      await worker.stop();
      drains.push({
        wall: QUEUED / seconds,
        cpu: QUEUED / used,
        ...(serverUsed === null ? {} : { withServer: QUEUED / (used + serverUsed) }),
      });
    }
    const [{ failed }] = await db.query<{ failed: number }>(
      `SELECT count(*)::int AS failed FROM analyses WHERE status <> 'processed'`,
    );
    return {
      wallPerSecond: Math.round(median(drains.map((d) => d.wall))),
      cpuPerSecond: Math.round(median(drains.map((d) => d.cpu))),
      /** Counting the local PostgreSQL server's CPU too (null: PGlite, or a server elsewhere). */
      withServerPerSecond:
        drains[0].withServer === undefined ? null : Math.round(median(drains.map((d) => d.withServer!))),
      failed,
      database: db.kind,
    };
  } finally {
    await pipelines.stop();
    await platform.stop();
    await scratch?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
};

/**
 * BENCH_THREAD_CPU=1: each measured drain's CPU per analysis, thread by thread (Linux's
 * /proc/self/task): the main thread, the pipeline threads, and V8's own (garbage collection and
 * compilation), printed to stderr. Where a change moved the CPU, not only how much it is.
 */
const threadCpu = () => {
  if (!process.env.BENCH_THREAD_CPU || !fs.existsSync('/proc/self/task')) return null;
  const ticks = () => {
    const byThread = new Map<string, number>();
    for (const tid of fs.readdirSync('/proc/self/task')) {
      try {
        // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
        const fields = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1].split(' ');
        byThread.set(tid, Number(fields[11]) + Number(fields[12]));
      } catch {
        // The thread ended meanwhile.
      }
    }
    return byThread;
  };
  const before = ticks();
  return (label: string, analyses: number) => {
    const microsPerTick = 1e6 / 100; // USER_HZ
    const spent = [...ticks()]
      .map(([tid, t]) => [tid, ((t - (before.get(tid) ?? 0)) * microsPerTick) / analyses] as const)
      .filter(([, us]) => us > 0)
      .sort((a, b) => b[1] - a[1]);
    console.error(
      `${label}: µs per analysis by thread`,
      spent.map(([tid, us]) => `${tid} ${us.toFixed(0)}`).join(', '),
    );
  };
};

/**
 * BENCH_PROFILE_DIR=dir: the main thread's CPU profile of each measured drain is written there
 * (queue-N.cpuprofile), the enqueuing left out; open it in Chrome's DevTools.
 */
const mainThreadProfiler = async () => {
  const dir = process.env.BENCH_PROFILE_DIR;
  if (!dir) return null;
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  fs.mkdirSync(dir, { recursive: true });
  return {
    start: () => session.post('Profiler.start'),
    stop: async (name: string) => {
      const { profile } = await session.post('Profiler.stop');
      fs.writeFileSync(path.join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
    },
  };
};

/** Seconds of OCR per page on the corpus's scanned A4 pages, with the real tesseract engine. */
const ocrPerPage = async () => {
  const ocr = createTesseractOcr();
  try {
    const pages = ['image/phototest.tif', 'image/eurotext.tif'];
    const options = { ...DEFAULT_EXTRACTOR_SETTINGS.image };
    const signal = new AbortController().signal;
    // The first call loads the language data: not a page's cost.
    await imageParser.parse(
      { filename: 'warm.tif', bytes: new Uint8Array(fs.readFileSync(path.join(CORPUS_DIR, pages[0]))) },
      { options, signal, ocr, speech: null },
    );
    const started = performance.now();
    for (const page of pages) {
      const bytes = new Uint8Array(fs.readFileSync(path.join(CORPUS_DIR, page)));
      await imageParser.parse({ filename: page, bytes }, { options, signal, ocr, speech: null });
    }
    return {
      seconds: (performance.now() - started) / 1000 / pages.length,
      rssMb: process.memoryUsage().rss / 1_048_576,
    };
  } finally {
    await ocr.terminate();
  }
};

const corpusEmails = () =>
  ['email', 'msg'].flatMap((folder) =>
    fs.readdirSync(path.join(CORPUS_DIR, folder)).map((f) => ({
      filename: f,
      bytes: new Uint8Array(fs.readFileSync(path.join(CORPUS_DIR, folder, f))),
    })),
  );

export const pipelineBenchmarks = async (): Promise<Measurement[]> => {
  const emails = benchEmails(2000);
  await perCore(emails, 1); // warm-up: JIT, lazy imports, as the queue's measure has
  const text = await perCore(emails, 3);
  const withAttachments = await perCore(corpusEmails(), 20);
  const rssAfterEmails = process.memoryUsage().rss / 1_048_576;
  const queued = await throughQueue(emails);
  const ocr = await ocrPerPage();
  const overhead = Math.round((text.perSecond / queued.cpuPerSecond - 1) * 100);
  return [
    {
      name: 'text emails, in-process (2,000 × 3)',
      value: text.perSecond,
      unit: 'analyses/s per core',
      target: '≥ 3000',
    },
    {
      name: 'corpus emails and .msg with attachments, no OCR',
      value: withAttachments.perSecond,
      unit: 'analyses/s per core',
    },
    {
      name: `text emails through the queue (${QUEUED}, ${queued.database}, median of ${QUEUE_ROUNDS}), wall`,
      value: queued.wallPerSecond,
      unit: 'analyses/s',
    },
    {
      name: `text emails through the queue (${QUEUED}, ${queued.database}, median of ${QUEUE_ROUNDS}), CPU of the process`,
      value: queued.cpuPerSecond,
      unit: 'analyses/s per core',
    },
    ...(queued.withServerPerSecond === null
      ? []
      : [
          {
            name: `text emails through the queue (${QUEUED}, ${queued.database}, median of ${QUEUE_ROUNDS}), CPU of the process and the database server`,
            value: queued.withServerPerSecond,
            unit: 'analyses/s per core',
          },
        ]),
    { name: 'cost the queue adds per analysis', value: overhead, unit: '%', target: '≤ 20 %' },
    {
      name: 'OCR of a scanned A4 page',
      value: Math.round(ocr.seconds * 100) / 100,
      unit: 's/page',
      target: '≤ 2.5',
    },
    { name: 'worker memory after emails', value: Math.round(rssAfterEmails), unit: 'MB rss' },
    { name: 'worker memory after OCR', value: Math.round(ocr.rssMb), unit: 'MB rss' },
    ...(text.failed + withAttachments.failed + queued.failed
      ? [
          {
            name: 'analyses that failed',
            value: text.failed + withAttachments.failed + queued.failed,
            unit: '',
          },
        ]
      : []),
  ];
};
