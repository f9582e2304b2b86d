import { randomUUID } from 'node:crypto';
import type PgBoss from 'pg-boss';
import { extractionCache } from '../analyses/extraction-cache';
import { ACTIVE_WEBHOOKS, deliveriesCteSql } from '../delivery/deliveries';
import { pipelineConfigCache } from '../analyses/pipeline-config-cache';
import { markServersUsed } from '../configuration/server-states';
import type { Db } from '../kernel/db';
import type { Logger } from '../kernel/logger';
import { inEnglish, traceMessage } from '../../schemas/trace-messages';
import { describeError, emptyResult } from '../pipeline/engine';
import type { PipelineConfig, PipelineInput } from '../pipeline/stage';
import { DEFAULT_MAX_CHARACTERS } from '../pipeline/extractor/settings';
import type { JobOutcome, PipelinePool } from '../pipeline-threads/pool';
import { bytesOutcome } from '../pipeline-threads/protocol';
import { startClaimLoop, mapLimited } from './analysis-loop';
import {
  takeBatch,
  inputOf,
  recordOf,
  writeOutcomes,
  type ClaimedRow,
  type OutcomeRecord,
} from './analysis-batch';
import { queues, type AnalysisJob, type Queue } from '../kernel/queue';
import { notifyFinishedSql, type AnalysisSignals } from '../kernel/signals';

export interface AnalysisWorkerOptions {
  /** An analysis running longer is stopped and fails with a message saying so. */
  timeLimitSeconds: number;
  /** A running analysis whose heartbeat is older lost its worker: it is queued again. */
  stallSeconds: number;
  /** How long an analysis with the manual final status flag waits for its PATCH. */
  manualStatusTimeoutSeconds: number;
  /**
   * Analyses run side by side, and the fewest claimed at once (more are, when they are fast:
   * analysis-loop.ts claimSizer).
   */
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

/** A file that made its worker disappear this many times is not tried again. */
const MAX_ATTEMPTS = 3;

/** Failures the worker writes itself, by code (the English `error` is the code's sentence). */
const NO_FINAL_STATUS = traceMessage('analysisNoFinalStatus');
const WORKER_CRASHED = traceMessage('analysisWorkerCrashed', { times: MAX_ATTEMPTS });
/** Smaller files are read again faster than their extraction is stored and fetched. */
const CACHE_MIN_BYTES = 64 * 1024;

/**
 * The analysis worker: claims waiting analyses a batch at a time (by the hundred when they are
 * fast: analysis-loop.ts), runs the pipeline on each, a few side by side, and writes the results.
 * Every database step serves the whole batch: one statement claims it with its small files and
 * configuration version, the configuration is read again only when that version changed, one
 * statement writes the results; so the queue costs little next to the analysis itself. Several workers on
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

  /** The tokens of this worker's batches in progress: its own sweep never queues them again. */
  const live = new Set<string>();

  /** Claims up to `limit` analyses and runs them; answers how many jobs the claim took. */
  const runBatch = async (limit: number) => {
    const token = randomUUID();
    live.add(token);
    try {
      const { jobs, rows } = await takeBatch(db, limit, token, log, options.maxCharacters);
      await runClaimed(token, rows).catch((err: unknown) => log.error({ err }, 'analysis batch failed'));
      return jobs;
    } finally {
      live.delete(token);
    }
  };

  const runClaimed = async (token: string, rows: ClaimedRow[]) => {
    if (rows.length === 0) return;
    const configOf = new Map<string, PipelineConfig>();
    for (const row of rows) {
      if (configOf.has(row.environment_id)) continue;
      configOf.set(row.environment_id, await configs.read(db, row.environment_id, row.config_version));
    }
    const controllers = new Map(rows.map((r) => [r.id, new AbortController()]));
    const running = new Set(controllers.keys());
    const heartbeat = setInterval(() => beat(token, running, controllers), heartbeatMs);
    let records: OutcomeRecord[];
    try {
      records = await mapLimited(rows, options.batchSize, (row) =>
        runOne(row, configOf.get(row.environment_id)!, controllers.get(row.id)!).finally(() =>
          running.delete(row.id),
        ),
      );
    } finally {
      clearInterval(heartbeat);
    }
    await writeOutcomes(
      db,
      queue,
      token,
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

  /** Keeps the batch's running analyses alive; one no longer held by `token` was aborted by a user. */
  const beat = (token: string, running: Set<string>, controllers: Map<string, AbortController>) => {
    const beating = [...running];
    db.query<{ id: string }>(
      'UPDATE analyses SET heartbeat_at = now() WHERE id = ANY($1::uuid[]) AND worker_token = $2 RETURNING id',
      [beating, token],
    )
      .then((alive) => {
        const owned = new Set(alive.map((a) => a.id));
        for (const id of beating) {
          if (!owned.has(id) && running.has(id))
            controllers.get(id)!.abort(new Error('The analysis was aborted'));
        }
      })
      .catch((err: unknown) => log.warn({ err }, 'analysis heartbeat failed'));
  };

  const claims = startClaimLoop(log, options.batchSize, runBatch, signals !== undefined);
  signals?.onSubmitted(() => claims.wake());

  await boss.work<{ analysisId: string }>(
    queues.analysisDeadline,
    { batchSize: 10, pollingIntervalSeconds: 2 },
    async (jobs) => {
      await db.query(
        `WITH u AS (
           UPDATE analyses SET status = 'error', finished_at = now(),
                  error = $2, error_message = $3
           WHERE id = ANY($1::uuid[]) AND status = 'pending' AND manual_final_status AND worker_token IS NULL
           RETURNING id, environment_id, name, status, error, NULL::jsonb AS output, ${notifyFinishedSql('id')} AS n
         ), ${deliveriesCteSql('u', ACTIVE_WEBHOOKS)}
         SELECT n FROM u`,
        [jobs.map((j) => j.data.analysisId), inEnglish(NO_FINAL_STATUS), JSON.stringify(NO_FINAL_STATUS)],
      );
    },
  );

  const sweep = () =>
    requeueStalled(db, queue, log, options.stallSeconds, [...live]).catch((err: unknown) =>
      log.warn({ err }, 'stalled analyses sweep failed'),
    );
  await sweep();
  const timer = setInterval(() => void sweep(), Math.max(1000, (options.stallSeconds * 1000) / 2));
  return {
    stop: async () => {
      clearInterval(timer);
      await claims.stop();
    },
  };
};

/**
 * Analyses whose worker stopped beating (killed, crashed, machine gone) go back to the queue, in
 * one transaction with their new job; after MAX_ATTEMPTS they fail instead, since a file that
 * kills its workers would otherwise do it forever. The batches of `ownTokens` are the calling
 * worker's own, alive whatever their heartbeat says (its main thread may have been busy storing a
 * large result): they are left alone.
 */
export const requeueStalled = async (
  db: Db,
  queue: Queue,
  log: Logger,
  stallSeconds: number,
  ownTokens: string[] = [],
) => {
  await db.transaction(async (tx) => {
    const failed = await tx.query<{ id: string }>(
      `UPDATE analyses SET status = 'error', worker_token = NULL, finished_at = now(),
              error = $3, error_message = $4
       WHERE status = 'pending' AND worker_token IS NOT NULL AND attempts >= ${MAX_ATTEMPTS}
             AND worker_token <> ALL($2::text[])
             AND heartbeat_at < now() - make_interval(secs => $1) RETURNING id, ${notifyFinishedSql('id')}`,
      [stallSeconds, ownTokens, inEnglish(WORKER_CRASHED), JSON.stringify(WORKER_CRASHED)],
    );
    const requeued = await tx.query<{ id: string; environment_id: string }>(
      `UPDATE analyses SET status = 'waiting', worker_token = NULL, heartbeat_at = NULL, queued_at = now()
       WHERE status = 'pending' AND worker_token IS NOT NULL AND worker_token <> ALL($2::text[])
             AND heartbeat_at < now() - make_interval(secs => $1) RETURNING id, environment_id`,
      [stallSeconds, ownTokens],
    );
    for (const { id, environment_id } of requeued)
      await queue.send(tx, queues.analysis, {
        analysisId: id,
        environmentId: environment_id,
      } satisfies AnalysisJob);
    if (requeued.length || failed.length) {
      log.warn({ requeued: requeued.map((r) => r.id), failed: failed.map((r) => r.id) }, 'stalled analyses');
    }
  });
};
