// The sweeps of analyses left behind: those whose worker stopped beating, queued again or failed
// after MAX_ATTEMPTS, and those whose manual final status never came before its deadline.
import type PgBoss from 'pg-boss';
import { ACTIVE_WEBHOOKS, deliveriesCteSql } from '../delivery/deliveries';
import type { Db } from '../kernel/db';
import type { Logger } from '../kernel/logger';
import { inEnglish, traceMessage } from '../../schemas/trace-messages';
import { queues, type AnalysisJob, type Queue } from '../kernel/queue';
import { notifyFinishedSql } from '../kernel/signals';

/** A file that made its worker disappear this many times is not tried again. */
const MAX_ATTEMPTS = 3;

/** Failures the sweeps write, by code (the English `error` is the code's sentence). */
const NO_FINAL_STATUS = traceMessage('analysisNoFinalStatus');
const WORKER_CRASHED = traceMessage('analysisWorkerCrashed', { times: MAX_ATTEMPTS });

/**
 * Fails the analyses with the manual final status whose status did not come in time: their
 * deadline jobs (sent when their results were written) come due.
 */
export const workFinalStatusDeadlines = (boss: PgBoss, db: Db) =>
  boss.work<{ analysisId: string }>(
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
