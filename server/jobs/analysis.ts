import { randomUUID } from 'node:crypto';
import type PgBoss from 'pg-boss';
import type { AnalysisResult } from '../../schemas/analysis-result';
import { extractionCache } from '../analyses/extraction-cache';
import { readPipelineConfig } from '../analyses/pipeline-config';
import { markServersUsed } from '../nlu/server-states';
import { getBlobs, type AnalysisRow } from '../analyses/repository';
import type { Db } from '../db';
import type { Logger } from '../logger';
import { describeError, emptyResult, runPipeline } from '../pipeline/engine';
import type { PipelineConfig, PipelineInput, PipelineServices } from '../pipeline/stage';
import { queues, type Queue } from '../queue';

export interface AnalysisWorkerOptions {
  /** An analysis running longer is stopped and fails with a message saying so. */
  timeLimitSeconds: number;
  /** A running analysis whose heartbeat is older lost its worker: it is queued again. */
  stallSeconds: number;
  /** How long an analysis with the manual final status flag waits for its PATCH. */
  manualStatusTimeoutSeconds: number;
  /** Jobs fetched (and run side by side) at once. */
  batchSize: number;
}

/** A file that made its worker disappear this many times is not tried again. */
const MAX_ATTEMPTS = 3;
/** Smaller files are read again faster than their extraction is stored and fetched. */
const CACHE_MIN_BYTES = 64 * 1024;

interface Outcome {
  row: AnalysisRow;
  result: AnalysisResult;
  ms: number;
}

/**
 * The analysis worker: claims waiting analyses a batch at a time, runs the pipeline on each and
 * writes the results. Every database step serves the whole batch (claim, files, configuration,
 * heartbeat, results), so the queue costs little next to the analysis itself. Several workers on
 * several machines share the queue; one that dies mid-analysis leaves a stale heartbeat, and any
 * worker's sweep queues its analyses again, so none is lost.
 */
export const startAnalysisWorker = async (
  boss: PgBoss,
  db: Db,
  queue: Queue,
  log: Logger,
  services: PipelineServices,
  options: AnalysisWorkerOptions,
): Promise<{ stop(): void }> => {
  const heartbeatMs = Math.max(200, Math.min(2000, (options.stallSeconds * 1000) / 4));

  const inputOf = (row: AnalysisRow, bytes: Map<string, Uint8Array>): PipelineInput => {
    if (row.input_type === 'text') {
      return { kind: 'text', name: row.name, text: row.input_text ?? '', metadata: row.metadata };
    }
    const file = row.blob_id ? bytes.get(row.blob_id) : undefined;
    if (!file) throw new Error('The original file of this analysis is missing');
    return {
      kind: 'file',
      name: row.name,
      filename: row.filename ?? 'input',
      bytes: file,
      metadata: row.metadata,
    };
  };

  const runOne = async (
    row: AnalysisRow,
    bytes: Map<string, Uint8Array>,
    config: PipelineConfig,
    controller: AbortController,
  ): Promise<Outcome> => {
    const started = Date.now();
    let timedOut = false;
    const limit = setTimeout(() => {
      timedOut = true;
      controller.abort(new Error('time limit'));
    }, options.timeLimitSeconds * 1000);
    let result: AnalysisResult;
    try {
      const input = inputOf(row, bytes);
      const cached =
        input.kind === 'file' && input.bytes.length >= CACHE_MIN_BYTES
          ? { ...services, extractionCache: extractionCache(db, row.environment_id) }
          : services;
      result = await runPipeline(row.id, input, config, cached, controller.signal);
    } catch (error) {
      log.error({ err: error, analysisId: row.id }, 'analysis failed outside the pipeline');
      result = { ...emptyResult(row.id), status: 'error', error: describeError(error) };
    } finally {
      clearTimeout(limit);
    }
    if (timedOut) {
      result.status = 'error';
      result.error = `The analysis took longer than its time limit of ${options.timeLimitSeconds} s`;
    }
    return { row, result, ms: Date.now() - started };
  };

  const runBatch = async (ids: string[]) => {
    const token = randomUUID();
    // Aborted before they started, claimed by another worker, or done: not in `rows`.
    const rows = await db.query<AnalysisRow>(
      `UPDATE analyses SET status = 'pending', worker_token = $2, started_at = now(), heartbeat_at = now(),
              attempts = attempts + 1
       WHERE id = ANY($1::uuid[]) AND status = 'waiting' RETURNING *`,
      [ids, token],
    );
    if (rows.length === 0) return;
    const blobIds = rows.flatMap((r) => (r.blob_id ? [r.blob_id] : []));
    const bytes = await getBlobs(db, blobIds);
    const configs = new Map<string, PipelineConfig>();
    for (const envId of new Set(rows.map((r) => r.environment_id))) {
      configs.set(envId, await readPipelineConfig(db, envId));
    }
    const controllers = new Map(rows.map((r) => [r.id, new AbortController()]));
    const running = new Set(controllers.keys());
    const heartbeat = setInterval(() => {
      const beating = [...running];
      db.query<{ id: string }>(
        'UPDATE analyses SET heartbeat_at = now() WHERE id = ANY($1::uuid[]) AND worker_token = $2 RETURNING id',
        [beating, token],
      )
        .then((alive) => {
          const owned = new Set(alive.map((a) => a.id));
          // Not ours any more: aborted by a user.
          for (const id of beating) {
            if (!owned.has(id) && running.has(id))
              controllers.get(id)!.abort(new Error('The analysis was aborted'));
          }
        })
        .catch((err: unknown) => log.warn({ err }, 'analysis heartbeat failed'));
    }, heartbeatMs);
    let outcomes: Outcome[];
    try {
      outcomes = await Promise.all(
        rows.map((row) =>
          runOne(row, bytes, configs.get(row.environment_id)!, controllers.get(row.id)!).finally(() =>
            running.delete(row.id),
          ),
        ),
      );
    } finally {
      clearInterval(heartbeat);
    }
    await writeOutcomes(token, outcomes);
    // The servers that read these analyses are started now (they were, or they started for them).
    const used = outcomes.flatMap(({ row, result }) =>
      result.nlu.servers.length ? configs.get(row.environment_id)!.nlu.servers.map((s) => s.id) : [],
    );
    await markServersUsed(db, [...new Set(used)]);
  };

  const writeOutcomes = async (token: string, outcomes: Outcome[]) => {
    const records = outcomes.map(({ row, result, ms }) => {
      const waits = row.manual_final_status && result.status === 'processed';
      return {
        id: row.id,
        status: waits ? 'pending' : result.status,
        result,
        error: result.error ?? result.trace.find((t) => t.status === 'error')?.errors[0] ?? null,
        duration_ms: ms,
        waits,
      };
    });
    const written = await db.transaction(async (tx) => {
      const updated = await tx.query<{ id: string; waits: boolean }>(
        `UPDATE analyses a SET status = x.status, result = x.result, error = x.error, duration_ms = x.duration_ms,
                worker_token = NULL, heartbeat_at = NULL,
                finished_at = CASE WHEN x.waits THEN NULL ELSE now() END
         FROM jsonb_to_recordset($1::jsonb)
              AS x(id uuid, status text, result jsonb, error text, duration_ms int, waits boolean)
         WHERE a.id = x.id AND a.worker_token = $2 AND a.status = 'pending'
         RETURNING a.id, x.waits`,
        [JSON.stringify(records), token],
      );
      for (const { id } of updated.filter((u) => u.waits)) {
        await queue.send(
          tx,
          queues.analysisDeadline,
          { analysisId: id },
          {
            startAfterSeconds: options.manualStatusTimeoutSeconds,
          },
        );
      }
      return new Set(updated.map((u) => u.id));
    });
    for (const r of records) {
      if (written.has(r.id)) continue;
      // Aborted while it ran: keep the trace of what was done, under the abort.
      await db.query(
        `UPDATE analyses SET result = $2, duration_ms = $3 WHERE id = $1 AND status = 'aborted' AND result IS NULL`,
        [r.id, JSON.stringify({ ...r.result, status: 'aborted' }), r.duration_ms],
      );
    }
    log.info(
      { analyses: records.map((r) => ({ id: r.id, status: r.status, ms: r.duration_ms })) },
      'analysis finished',
    );
  };

  // The handler may run before `work` resolves with the id: it reads it from here once known.
  const worker: { id?: string } = {};
  worker.id = await boss.work<{ analysisId: string }>(
    queues.analysis,
    { batchSize: options.batchSize, pollingIntervalSeconds: 0.5 },
    async (jobs) => {
      try {
        await runBatch(jobs.map((j) => j.data.analysisId));
      } catch (err) {
        log.error({ err }, 'analysis batch failed');
      }
      // A full batch means more are waiting: fetch again at once instead of sleeping the interval.
      if (jobs.length === options.batchSize && worker.id) boss.notifyWorker(worker.id);
    },
  );

  await boss.work<{ analysisId: string }>(
    queues.analysisDeadline,
    { batchSize: 10, pollingIntervalSeconds: 2 },
    async (jobs) => {
      await db.query(
        `UPDATE analyses SET status = 'error', finished_at = now(),
                error = 'No final status was received before the time limit'
         WHERE id = ANY($1::uuid[]) AND status = 'pending' AND manual_final_status AND worker_token IS NULL`,
        [jobs.map((j) => j.data.analysisId)],
      );
    },
  );

  const sweep = () =>
    requeueStalled(db, queue, log, options.stallSeconds).catch((err: unknown) =>
      log.warn({ err }, 'stalled analyses sweep failed'),
    );
  await sweep();
  const timer = setInterval(() => void sweep(), Math.max(1000, (options.stallSeconds * 1000) / 2));
  return { stop: () => clearInterval(timer) };
};

/**
 * Analyses whose worker stopped beating (killed, crashed, machine gone) go back to the queue, in
 * one transaction with their new job; after MAX_ATTEMPTS they fail instead, since a file that
 * kills its workers would otherwise do it forever.
 */
export const requeueStalled = async (db: Db, queue: Queue, log: Logger, stallSeconds: number) => {
  await db.transaction(async (tx) => {
    const failed = await tx.query<{ id: string }>(
      `UPDATE analyses SET status = 'error', worker_token = NULL, finished_at = now(),
              error = 'The analysis stopped its worker ${MAX_ATTEMPTS} times; the file may be damaged or hostile'
       WHERE status = 'pending' AND worker_token IS NOT NULL AND attempts >= ${MAX_ATTEMPTS}
             AND heartbeat_at < now() - make_interval(secs => $1) RETURNING id`,
      [stallSeconds],
    );
    const requeued = await tx.query<{ id: string }>(
      `UPDATE analyses SET status = 'waiting', worker_token = NULL, heartbeat_at = NULL, queued_at = now()
       WHERE status = 'pending' AND worker_token IS NOT NULL
             AND heartbeat_at < now() - make_interval(secs => $1) RETURNING id`,
      [stallSeconds],
    );
    for (const { id } of requeued) await queue.send(tx, queues.analysis, { analysisId: id });
    if (requeued.length || failed.length) {
      log.warn({ requeued: requeued.map((r) => r.id), failed: failed.map((r) => r.id) }, 'stalled analyses');
    }
  });
};
