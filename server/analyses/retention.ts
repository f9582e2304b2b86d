import type PgBoss from 'pg-boss';
import type { Db } from '../kernel/db';
import type { Logger } from '../kernel/logger';
import { CACHE_LIFETIME } from './extraction-cache';
import { queues } from '../kernel/queue';

/** How long each retention setting (spec platform-shell §4) keeps an analysis readable. */
const RETENTION_INTERVALS: Record<string, string> = {
  NoRetention: '0 seconds',
  OneDay: '1 day',
  OneWeek: '7 days',
  OneMont: '1 month',
  SixMont: '6 months',
  OneYear: '1 year',
};

const intervalOf = `CASE coalesce(e.settings->>'retention', 'Always') ${Object.entries(RETENTION_INTERVALS)
  .map(([name, interval]) => `WHEN '${name}' THEN interval '${interval}'`)
  .join(' ')} END`;

/** Rows anonymized per run; the next run, a minute later, takes the rest. */
const BATCH = 1000;

/**
 * Anonymizes finished analyses older than their environment's retention: the input, the result and
 * the original file go; the row stays (status, dates, sizes) for the counts of the dashboard and the
 * consumption. Returns how many were anonymized.
 */
export const anonymizeExpired = async (db: Db): Promise<number> =>
  db.transaction(async (tx) => {
    await tx.query(`DELETE FROM extraction_cache WHERE created_at <= now() - interval '${CACHE_LIFETIME}'`);
    const expired = await tx.query<{ id: string; blob_id: string | null }>(
      `SELECT a.id, a.blob_id FROM analyses a JOIN environments e ON e.id = a.environment_id
       WHERE a.anonymized_at IS NULL AND a.status IN ('processed', 'error', 'aborted')
             AND ${intervalOf} IS NOT NULL AND a.created_at <= now() - ${intervalOf}
       LIMIT ${BATCH} FOR UPDATE OF a SKIP LOCKED`,
    );
    if (expired.length === 0) return 0;
    const ids = expired.map((r) => r.id);
    await tx.query(
      `UPDATE analyses SET name = 'Anonymized analysis', input_text = NULL, metadata = '{}', result = NULL,
              error = NULL, exchange_labels = NULL, filename = NULL, blob_id = NULL, idempotency_key = NULL,
              anonymized_at = now()
       WHERE id = ANY($1::uuid[])`,
      [ids],
    );
    const blobs = expired.flatMap((r) => (r.blob_id ? [r.blob_id] : []));
    if (blobs.length) await tx.query('DELETE FROM blobs WHERE id = ANY($1::uuid[])', [blobs]);
    return expired.length;
  });

/** Schedules the anonymization every minute (pg-boss cron: one run across all workers). */
export const startRetentionWorker = async (boss: PgBoss, db: Db, log: Logger) => {
  await boss.schedule(queues.analysisRetention, '* * * * *');
  await boss.work(queues.analysisRetention, { pollingIntervalSeconds: 5 }, async () => {
    const count = await anonymizeExpired(db);
    if (count) log.info({ count }, 'analyses anonymized');
  });
};
