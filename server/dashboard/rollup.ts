import type PgBoss from 'pg-boss';
import { ANALYSIS_STATUSES } from '../../schemas/analysis-result';
import type { Db, Queryable } from '../kernel/db';
import type { Logger } from '../kernel/logger';
import { queues } from '../kernel/queue';
import { binSql } from './histogram';
import {
  daySql,
  mergedBinsSql,
  monthEndSql,
  monthSql,
  quarterSql,
  seriesValuesSql,
  statusColumnsSql,
} from './sql';

/**
 * The job that summarises analyses for the dashboard (docs/decisions/dashboard-daily-summaries.md):
 * per environment and UTC day, once the day ended a day and an hour ago (migration 026's triggers
 * take back the summary of a day whose analyses change later), and again for the days taken back.
 * It reads analyses only, so the writers of analyses pay nothing for it.
 */

/**
 * Days summarised in one transaction. One: with the embedded database, a statement runs on the
 * API's own thread, and a day of a million-a-year environment (2,700 analyses) is a statement of
 * tens of milliseconds where a month (85,000) held every request for seconds; the lock the
 * triggers of migration 026 wait on is held as briefly.
 */
const DAYS_PER_BATCH = 1;

/** The first instant not summarisable yet: the start of the day that ended less than a day and an hour ago. */
const HORIZON = daySql(`now() - interval '25 hours'`);

const IN_RANGE = `a.environment_id = $1 AND a.created_at >= $2::timestamptz AND a.created_at < $3::timestamptz`;

/**
 * Writes the summaries of the days of environment `environmentId` in [from, to) (UTC midnights),
 * replacing those there were. The caller holds the lock on dashboard_days (see `inLock`).
 */
const summarise = async (tx: Queryable, environmentId: string, from: string, to: string) => {
  const params = [environmentId, from, to];
  await tx.query(
    `DELETE FROM dashboard_days WHERE environment_id = $1 AND day >= $2::timestamptz AND day < $3::timestamptz`,
    params,
  );
  const counts = (column: string, where: string) => `
    SELECT day, jsonb_object_agg(label, n) AS counts FROM (
      SELECT ${daySql('a.created_at')} AS day, u.label, count(*) AS n
      FROM analyses a CROSS JOIN LATERAL unnest(a.${column}) AS u (label)
      WHERE ${IN_RANGE} AND u.label IS NOT NULL ${where} GROUP BY 1, 2
    ) AS named GROUP BY day`;
  await tx.query(
    `WITH statuses AS (
       SELECT day, jsonb_object_agg(status, n) AS counts FROM (
         SELECT ${daySql('a.created_at')} AS day, a.status, count(*) AS n
         FROM analyses a WHERE ${IN_RANGE} GROUP BY 1, 2
       ) AS per_status GROUP BY day
     ),
     categories AS (${counts('categories', '')}),
     fields AS (${counts('extracted_fields', `AND a.status = 'processed'`)})
     INSERT INTO dashboard_days (environment_id, day, statuses, categories, fields)
     SELECT $1, s.day, s.counts, coalesce(c.counts, '{}'), coalesce(f.counts, '{}')
     FROM statuses s LEFT JOIN categories c ON c.day = s.day LEFT JOIN fields f ON f.day = s.day`,
    params,
  );
  await tx.query(
    `INSERT INTO dashboard_quarters (environment_id, day, quarter, ${ANALYSIS_STATUSES.join(', ')})
     SELECT $1, ${daySql(quarterSql('a.created_at'))}, ${quarterSql('a.created_at')}, ${statusColumnsSql}
     FROM analyses a WHERE ${IN_RANGE} GROUP BY 2, 3`,
    params,
  );
  await tx.query(
    `INSERT INTO dashboard_durations (environment_id, day, series, runs, min_ms, max_ms, bins, counts)
     SELECT $1, day, series, sum(n), min(lo), max(hi), array_agg(bin ORDER BY bin), array_agg(n ORDER BY bin)
     FROM (
       SELECT ${daySql('a.created_at')} AS day, x.series, ${binSql('x.v')} AS bin,
              count(*)::int AS n, min(x.v) AS lo, max(x.v) AS hi
       FROM analyses a ${seriesValuesSql('all')}
       WHERE ${IN_RANGE} AND x.v IS NOT NULL GROUP BY 1, 2, 3
     ) AS binned GROUP BY day, series`,
    params,
  );
};

/**
 * Runs `fn` in a transaction that first locks dashboard_days against the triggers of migration 026:
 * a statement changing an old analysis while a day is summarised waits, then takes back the summary
 * just written (or the summary reads its change, when it committed first).
 */
const inLock = <T>(db: Db, fn: (tx: Queryable) => Promise<T>) =>
  db.transaction(async (tx) => {
    await tx.query('LOCK TABLE dashboard_days IN SHARE ROW EXCLUSIVE MODE');
    return fn(tx);
  });

/** Summarises again the days whose summaries were taken back, and forgets those of environments gone. */
const resummariseStale = async (db: Db) => {
  await db.query(
    'DELETE FROM dashboard_stale s WHERE NOT EXISTS (SELECT 1 FROM environments e WHERE e.id = s.environment_id)',
  );
  const stale = await db.query<{ environment_id: string; day: string; below: boolean }>(
    `SELECT s.environment_id, s.day::text AS day, s.day < coalesce(w.summarised_until, '-infinity') AS below
     FROM dashboard_stale s LEFT JOIN dashboard_watermarks w ON w.environment_id = s.environment_id`,
  );
  for (const { environment_id: environmentId, day, below } of stale) {
    await inLock(db, async (tx) => {
      await tx.query('DELETE FROM dashboard_stale WHERE environment_id = $1 AND day = $2::timestamptz', [
        environmentId,
        day,
      ]);
      // A day past the watermark is summarised when the watermark reaches it.
      if (below) {
        const [{ to }] = await tx.query<{ to: string }>(
          `SELECT ($1::timestamptz + interval '24 hours')::text AS to`,
          [day],
        );
        await summarise(tx, environmentId, day, to);
      }
    });
  }
  return stale.length;
};

/** Moves each environment's watermark up to the horizon, a batch of days per transaction. */
const advance = async (db: Db) => {
  // Each environment's days still to summarise, cut in batches: none once it reached the horizon.
  const batches = await db.query<{ id: string; from: string; to: string; days: number }>(
    `SELECT e.id, b.day::text AS "from", least(b.day + interval '${DAYS_PER_BATCH * 24} hours', h.horizon)::text AS to,
            (extract(epoch FROM least(b.day + interval '${DAYS_PER_BATCH * 24} hours', h.horizon) - b.day) / 86400)::int AS days
     FROM (SELECT ${HORIZON} AS horizon) AS h
     CROSS JOIN environments e LEFT JOIN dashboard_watermarks w ON w.environment_id = e.id
     CROSS JOIN LATERAL (SELECT coalesce(w.summarised_until,
                                         (SELECT ${daySql('min(a.created_at)')} FROM analyses a
                                          WHERE a.environment_id = e.id)) AS start) AS s
     CROSS JOIN LATERAL generate_series(s.start, h.horizon - interval '1 microsecond',
                                        interval '${DAYS_PER_BATCH * 24} hours') AS b (day)
     WHERE e.deletion_requested_at IS NULL
     ORDER BY e.id, b.day`,
  );
  for (const batch of batches) {
    await inLock(db, async (tx) => {
      await summarise(tx, batch.id, batch.from, batch.to);
      await tx.query(
        `INSERT INTO dashboard_watermarks (environment_id, summarised_until) VALUES ($1, $2::timestamptz)
         ON CONFLICT (environment_id) DO UPDATE SET summarised_until = excluded.summarised_until`,
        [batch.id, batch.to],
      );
    });
  }
  return batches.reduce((days, batch) => days + batch.days, 0);
};

/**
 * Adds up the histograms of each UTC month that the watermark passed, has no month rows yet and no
 * day waiting to be summarised again (its days' rows are then all there, an empty day having none).
 */
const summariseMonths = async (db: Db) => {
  const months = await db.query<{ environment_id: string; month: string; end: string }>(
    `SELECT m.environment_id, m.month::text AS month, ${monthEndSql('m.month')}::text AS end
     FROM (SELECT DISTINCT d.environment_id, ${monthSql('d.day')} AS month FROM dashboard_days d) AS m
     JOIN dashboard_watermarks w ON w.environment_id = m.environment_id
     WHERE ${monthEndSql('m.month')} <= w.summarised_until
       AND NOT EXISTS (SELECT 1 FROM dashboard_months x WHERE x.environment_id = m.environment_id AND x.month = m.month)`,
  );
  for (const { environment_id: environmentId, month, end } of months) {
    await inLock(db, async (tx) => {
      await tx.query(
        `INSERT INTO dashboard_months (environment_id, month, series, runs, min_ms, max_ms, bins, counts)
         SELECT $1, $2::timestamptz, series, sum(n), min(lo), max(hi), array_agg(bin ORDER BY bin),
                array_agg(n ORDER BY bin)
         FROM (${mergedBinsSql('dashboard_durations', 'h.environment_id = $1 AND h.day >= $2::timestamptz AND h.day < $3::timestamptz')}) AS merged
         WHERE NOT EXISTS (SELECT 1 FROM dashboard_stale s WHERE s.environment_id = $1
                             AND s.day >= $2::timestamptz AND s.day < $3::timestamptz)
           AND NOT EXISTS (SELECT 1 FROM dashboard_months x WHERE x.environment_id = $1 AND x.month = $2::timestamptz)
         GROUP BY series`,
        [environmentId, month, end],
      );
    });
  }
};

/**
 * One run of the job: the days taken back, then the days that became old enough, then the months
 * they completed. Answers how many days it summarised.
 *
 * @example
 * await summariseDashboards(platform.db); // what the scheduled job does every five minutes
 */
export const summariseDashboards = async (db: Db) => {
  const days = (await resummariseStale(db)) + (await advance(db));
  await summariseMonths(db);
  return days;
};

/** Schedules the summaries every five minutes (pg-boss cron: one run across all workers). */
export const startDashboardRollupWorker = async (boss: PgBoss, db: Db, log: Logger) => {
  await boss.schedule(queues.dashboardRollup, '*/5 * * * *');
  await boss.work(queues.dashboardRollup, { pollingIntervalSeconds: 30 }, async () => {
    const days = await summariseDashboards(db);
    if (days) log.info({ days }, 'dashboard days summarised');
  });
};
