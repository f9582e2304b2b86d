// The analysis worker: it claims analyses as its pipeline slots free, runs each in a pipeline
// thread, keeps them alive by their heartbeat and writes their outcomes as they end. The sweeps of
// analyses left behind are in sweeps.ts.
import { randomUUID } from 'node:crypto';
import type PgBoss from 'pg-boss';
import { extractionCache } from './extraction-cache';
import { pipelineConfigCache } from './pipeline-config-cache';
import { markServersUsed } from '../configuration/server-states';
import type { Db } from '../kernel/db';
import type { Logger } from '../kernel/logger';
import { inEnglish, traceMessage } from '../../schemas/trace-messages';
import { describeError, emptyResult } from '../pipeline/engine';
import type { PipelineConfig, PipelineInput } from '../pipeline/stage';
import { DEFAULT_MAX_CHARACTERS } from '../pipeline/extractor/settings';
import type { JobOutcome } from '../pipeline-threads/jobs';
import type { PipelinePool } from '../pipeline-threads/pool';
import { bytesOutcome } from '../pipeline-threads/protocol';
import { startClaimLoop } from './loop';
import { takeBatch, inputOf, type ClaimedRow } from './claim';
import { recordOf, writeOutcomes, type OutcomeRecord } from './outcomes';
import type { Queue } from '../kernel/queue';
import type { AnalysisSignals } from '../kernel/signals';
import { requeueStalled, workFinalStatusDeadlines } from './sweeps';

export interface AnalysisWorkerOptions {
  /** An analysis running longer is stopped and fails with a message saying so. */
  timeLimitSeconds: number;
  /** A running analysis whose heartbeat is older lost its worker: it is queued again. */
  stallSeconds: number;
  /** How long an analysis with the manual final status flag waits for its PATCH. */
  manualStatusTimeoutSeconds: number;
  /** Analyses run side by side: the worker's pipeline slots, claimed as they free (analyses/loop.ts). */
  batchSize: number;
  /** Characters of text the pipeline reads per analysis (ANALYSIS_MAX_CHARACTERS); absent: the default. */
  maxCharacters?: number;
}

/**
 * A text as a pipeline thread gets it: no more than the pipeline reads, with its whole length for
 * the trace. A 25 MB text is not copied to a thread to be cut there (docs/security.md, 'Large inputs').
 */
const withinBound = (input: PipelineInput, maxCharacters: number): PipelineInput =>
  input.kind === 'text' && input.text.length > maxCharacters
    ? { ...input, text: input.text.slice(0, maxCharacters), characters: input.text.length }
    : input;

/** How long a result that ended waits for others to share its write, while analyses still run. */
const WRITE_GATHER_MS = 5;
/** Smaller files are read again faster than their extraction is stored and fetched. */
const CACHE_MIN_BYTES = 64 * 1024;

/**
 * The analysis worker: claims waiting analyses as its pipeline slots free (fast ones tens at a
 * time: analyses/loop.ts), runs the pipeline on each in a pipeline thread, and writes the results
 * as they end. Every database step serves what is at hand: one statement claims with the small
 * files and configuration version, the configuration is read again only when that version
 * changed, one statement writes the results that ended together; so the queue costs little next
 * to the analysis itself. Several workers on
 * several machines share the queue; one that dies mid-analysis leaves a stale heartbeat, and any
 * worker's sweep queues its analyses again, so none is lost.
 */
export const startAnalysisWorker = async (
  boss: PgBoss,
  db: Db,
  queue: Queue,
  log: Logger,
  pipelines: PipelinePool,
  options: AnalysisWorkerOptions,
  signals?: Pick<AnalysisSignals, 'onSubmitted'>,
): Promise<{ stop(): Promise<void> }> => {
  const heartbeatMs = Math.max(200, Math.min(2000, (options.stallSeconds * 1000) / 4));

  const configs = pipelineConfigCache();

  const overTime = traceMessage('analysisTimeLimit', { seconds: options.timeLimitSeconds });
  const timeLimit = { ms: options.timeLimitSeconds * 1000, message: inEnglish(overTime), trace: overTime };

  /** One analysis, in a pipeline thread: the main thread only reads its input and keeps its row alive. */
  const runOne = async (
    row: ClaimedRow,
    config: PipelineConfig,
    controller: AbortController,
  ): Promise<OutcomeRecord> => {
    const started = Date.now();
    let outcome: JobOutcome<'bytes'>;
    try {
      const input = withinBound(await inputOf(db, row), options.maxCharacters ?? DEFAULT_MAX_CHARACTERS);
      const cache =
        input.kind === 'file' && input.bytes.length >= CACHE_MIN_BYTES
          ? extractionCache(db, row.environment_id)
          : undefined;
      outcome = await pipelines.run(
        {
          id: row.id,
          input,
          config,
          configKey: `${row.environment_id} ${row.config_version}`,
          cache,
          signal: controller.signal,
          timeLimit,
        },
        'bytes',
      );
    } catch (error) {
      log.error({ err: error, analysisId: row.id }, 'analysis failed outside the pipeline');
      const detail = describeError(error);
      outcome = bytesOutcome({
        ...emptyResult(row.id),
        status: 'error',
        error: detail,
        errorMessage: traceMessage('analysisFailed', { detail }),
      });
    }
    return recordOf({ row, outcome, ms: Date.now() - started });
  };

  /** An analysis this worker claimed, with the configuration it runs with. */
  interface Held {
    row: ClaimedRow;
    config: PipelineConfig;
    controller: AbortController;
  }
  const slots = options.batchSize;
  /** Claimed and not yet started, in the order their claims ranked them. */
  const queued: Held[] = [];
  /** Running in the pipeline threads, by analysis. */
  const running = new Map<string, Held>();
  /** Held (queued or running) by environment: the claim ranks other environments' jobs first. */
  const heldByEnvironment = new Map<string, number>();
  /** Ended, their results not yet written; and the write under way. */
  let unwritten: { record: OutcomeRecord; config: PipelineConfig }[] = [];
  let writing: Promise<void> | null = null;
  /** The claims' tokens with analyses not yet written, and how many: the own sweep leaves them alone. */
  const live = new Map<string, number>();

  const count = (map: Map<string, number>, key: string, by: number) => {
    const n = (map.get(key) ?? 0) + by;
    if (n > 0) map.set(key, n);
    else map.delete(key);
  };

  /**
   * Claims up to `limit` analyses and queues them to start; answers how many jobs the claim took.
   * A claim whose configuration cannot be read leaves its analyses pending: the stall sweep queues
   * them again.
   */
  const claim = async (limit: number) => {
    const token = randomUUID();
    live.set(token, 0);
    try {
      const { jobs, rows } = await takeBatch(db, limit, token, log, options.maxCharacters, heldByEnvironment);
      const configOf = new Map<string, PipelineConfig>();
      for (const row of rows) {
        if (configOf.has(row.environment_id)) continue;
        configOf.set(row.environment_id, await configs.read(db, row.environment_id, row.config_version));
      }
      for (const row of rows) {
        queued.push({ row, config: configOf.get(row.environment_id)!, controller: new AbortController() });
        count(heldByEnvironment, row.environment_id, 1);
      }
      live.set(token, rows.length);
      startQueued();
      return jobs;
    } finally {
      if (live.get(token) === 0) live.delete(token);
    }
  };

  /**
   * Fills the free slots: first the analysis of the environment with the fewest running, so that
   * another environment's, claimed behind a backlog's, starts at the next slot (ties: claim order).
   */
  const startQueued = () => {
    while (running.size < slots && queued.length > 0) {
      const runningOf = (environmentId: string) =>
        [...running.values()].filter((h) => h.row.environment_id === environmentId).length;
      let next = 0;
      for (let i = 1; i < queued.length; i++)
        if (runningOf(queued[i].row.environment_id) < runningOf(queued[next].row.environment_id)) next = i;
      const [held] = queued.splice(next, 1);
      running.set(held.row.id, held);
      void runOne(held.row, held.config, held.controller).then((record) => {
        running.delete(held.row.id);
        count(heldByEnvironment, held.row.environment_id, -1);
        unwritten.push({ record, config: held.config });
        write();
        startQueued();
        claims.freed(record.duration_ms);
      });
    }
  };

  /** A write waiting for more results to end (WRITE_GATHER_MS at most). */
  let gathering: NodeJS.Timeout | null = null;
  /**
   * Writes the results that ended, one statement for all that ended while the last write ran or in
   * the WRITE_GATHER_MS after the first: a write serves several analyses under a steady stream (bench
   * http), and one alone when they are slow. Nothing waits once nothing else runs, or a slot's worth
   * waits.
   */
  const write = () => {
    if (writing || unwritten.length === 0) return;
    const more = running.size > 0 || queued.length > 0;
    if (more && unwritten.length < slots) {
      gathering ??= setTimeout(() => {
        gathering = null;
        flush();
      }, WRITE_GATHER_MS);
      return;
    }
    flush();
  };
  const flush = () => {
    if (gathering) clearTimeout(gathering);
    gathering = null;
    if (writing || unwritten.length === 0) return;
    const batch = unwritten;
    unwritten = [];
    writing = writeBatch(batch)
      .catch((err: unknown) => log.error({ err }, 'analysis results not written'))
      .finally(() => {
        for (const { record } of batch) count(live, record.token, -1);
        writing = null;
        write();
      });
  };

  const writeBatch = async (batch: { record: OutcomeRecord; config: PipelineConfig }[]) => {
    const configOf = new Map(batch.map(({ record, config }) => [record.environmentId, config]));
    const records = batch.map((b) => b.record);
    await writeOutcomes(
      db,
      queue,
      records,
      options.manualStatusTimeoutSeconds,
      log,
      (environmentId) => configOf.get(environmentId)?.webhooks ?? [],
    );
    log.info(
      { analyses: records.map((r) => ({ id: r.id, status: r.status, ms: r.duration_ms })) },
      'analysis finished',
    );
    // The servers that read these analyses are started now (they were, or they started for them).
    const used = records.flatMap((r) =>
      r.readByNlu ? configOf.get(r.environmentId)!.nlu.servers.map((s) => s.id) : [],
    );
    await markServersUsed(db, [...new Set(used)]);
  };

  /** Keeps the analyses held alive; one no longer held by its claim's token was aborted by a user. */
  const beat = () => {
    const beating = [...queued, ...running.values()];
    if (beating.length === 0) return;
    db.query<{ id: string }>(
      `UPDATE analyses a SET heartbeat_at = now() FROM unnest($1::uuid[], $2::text[]) AS h (id, token)
       WHERE a.id = h.id AND a.worker_token = h.token RETURNING a.id`,
      [beating.map((h) => h.row.id), beating.map((h) => h.row.token)],
    )
      .then((alive) => {
        const owned = new Set(alive.map((a) => a.id));
        for (const { row, controller } of beating) {
          if (!owned.has(row.id) && (running.has(row.id) || queued.some((h) => h.row.id === row.id)))
            controller.abort(new Error('The analysis was aborted'));
        }
      })
      .catch((err: unknown) => log.warn({ err }, 'analysis heartbeat failed'));
  };
  const heartbeat = setInterval(beat, heartbeatMs);

  const claims = startClaimLoop(log, {
    slots,
    held: () => queued.length + running.size,
    take: claim,
    settled: async () => {
      while (queued.length || running.size || writing || unwritten.length)
        await (writing ?? new Promise((r) => setTimeout(r, 20)));
    },
    signalled: signals !== undefined,
  });
  signals?.onSubmitted(() => claims.wake());

  await workFinalStatusDeadlines(boss, db);

  const sweep = () =>
    requeueStalled(db, queue, log, options.stallSeconds, [...live.keys()]).catch((err: unknown) =>
      log.warn({ err }, 'stalled analyses sweep failed'),
    );
  await sweep();
  const timer = setInterval(() => void sweep(), Math.max(1000, (options.stallSeconds * 1000) / 2));
  return {
    stop: async () => {
      clearInterval(timer);
      await claims.stop();
      clearInterval(heartbeat);
    },
  };
};
