import {
  ANALYSIS_STATUSES,
  TRACE_STEPS,
  type AnalysisStatus,
  type TraceStep,
} from '../../schemas/analysis-result';
import type { DashboardBucket } from '../../schemas/contracts/dashboard';
import { percentiles, binSql, type Histogram } from './histogram';
import * as sql from './sql';
import type { Queryable } from '../kernel/db';

/**
 * The figures of an environment's dashboard, one query per widget, each over the analyses created in
 * a period of calendar days in a time zone. The period's instants are computed by the database from
 * the days and the zone (`day::timestamp AT TIME ZONE tz`), as are the buckets (`date_trunc` of the
 * local time), so that a day is 23 or 25 hours long when the clocks change. Counts are cast to int:
 * PGlite answers count(*) as a number, pg as a string. Migration 021 says what the columns read here
 * hold, migration 026 what the summaries hold.
 *
 * Each widget reads the summaries of the period's whole UTC days that have one (`dashboard_days`),
 * and the analyses of the rest of the period (its first and last days, cut by the zone, the days not
 * summarised yet or taken back): see `coverage`.
 */
export interface PeriodFilter {
  environmentId: string;
  /** First and last days, both included (`YYYY-MM-DD`). */
  from: string;
  to: string;
  timeZone: string;
}

/** Where a period's analyses are read from. Instants are PostgreSQL's text of timestamptz values. */
export interface Coverage {
  /** Intervals read from the analyses table: [liveFrom[i], liveTo[i]). */
  liveFrom: string[];
  liveTo: string[];
  /** UTC days read from their summaries. */
  days: string[];
  /** The period's first instant and the first after it. */
  from: string;
  to: string;
}

/**
 * The UTC days that meet the period: a day inside it with a summary is read from the summary, the
 * others (and the parts of the days at its ends) from the analyses, consecutive ones as one interval.
 */
export const coverage = async (q: Queryable, f: PeriodFilter): Promise<Coverage> => {
  const rows = await q.query<{ day: string; summarised: boolean; lo: string; hi: string }>(
    `SELECT g.day::text AS day, greatest(g.day, p.lo)::text AS lo,
            least(g.day + interval '24 hours', p.hi)::text AS hi,
            (d.day IS NOT NULL AND g.day >= p.lo AND g.day + interval '24 hours' <= p.hi) AS summarised
     FROM (SELECT ($2::date::timestamp AT TIME ZONE $4::text) AS lo,
                  (($3::date + 1)::timestamp AT TIME ZONE $4::text) AS hi) AS p
     CROSS JOIN LATERAL generate_series(${sql.daySql('p.lo')}, p.hi - interval '1 microsecond',
                                        interval '24 hours') AS g (day)
     LEFT JOIN dashboard_days d ON d.environment_id = $1::uuid AND d.day = g.day
     ORDER BY g.day`,
    [f.environmentId, f.from, f.to, f.timeZone],
  );
  const c: Coverage = { liveFrom: [], liveTo: [], days: [], from: rows[0].lo, to: rows[rows.length - 1].hi };
  for (const row of rows) {
    if (row.summarised) c.days.push(row.day);
    else if (c.liveTo.length > 0 && c.liveTo[c.liveTo.length - 1] === row.lo)
      c.liveTo[c.liveTo.length - 1] = row.hi;
    else {
      c.liveFrom.push(row.lo);
      c.liveTo.push(row.hi);
    }
  }
  return c;
};

/**
 * The analyses `a` of the live intervals ($2, $3) of environment $1, each interval read by its own
 * index range scan (OFFSET 0 keeps the planner from joining the intervals to a scan of the whole
 * environment, which it chose for two intervals).
 */
const LIVE = `unnest($2::timestamptz[], $3::timestamptz[]) AS live (lo, hi)
  CROSS JOIN LATERAL (SELECT * FROM analyses a WHERE a.environment_id = $1 AND a.created_at >= live.lo
                      AND a.created_at < live.hi OFFSET 0) AS a`;

/** The summaries `alias` of the summarised days ($4) of environment $1. */
const summarised = (alias: string) =>
  `${alias}.environment_id = $1 AND ${alias}.day = ANY($4::timestamptz[])`;

/** The parameters of LIVE, then of `summarised` when the statement reads summaries. */
const liveParams = (f: PeriodFilter, c: Coverage) => [f.environmentId, c.liveFrom, c.liveTo];
const coverageParams = (f: PeriodFilter, c: Coverage) => [...liveParams(f, c), c.days];

export type StatusCount = {
  start: string;
  status: AnalysisStatus;
  analyses: number;
};

/** The local bucket ($6) in zone $5 of an instant. */
const bucketOf = (at: string) => `date_trunc($6::text, (${at}) AT TIME ZONE $5::text)`;

/**
 * Analyses per bucket and status, for the buckets that have some; a bucket is keyed by its first day.
 * The analyses are counted per quarter of an hour of UTC (`date_bin`, plain arithmetic, or the
 * summaries' quarters), and only those quarters are placed in the zone's days (`AT TIME ZONE`, a zone
 * lookup each). Every zone's offset is a whole number of quarters of an hour, so a quarter never
 * straddles a local midnight. A summarised day whose first and last quarters fall in one bucket
 * (most days of a week or a month) is counted whole, from its day's counts.
 */
export const statusSeries = async (q: Queryable, f: PeriodFilter, bucket: DashboardBucket) => {
  const c = await coverage(q, f);
  return q.query<StatusCount>(
    `WITH days AS (
       SELECT s.day, s.statuses,
              ${bucketOf('s.day')} = ${bucketOf(`s.day + interval '23 hours 45 minutes'`)} AS whole
       FROM dashboard_days s WHERE ${summarised('s')}
     )
     SELECT to_char(at, 'YYYY-MM-DD') AS start, status, sum(analyses)::int AS analyses FROM (
       SELECT ${bucketOf('quarters.at')} AS at, v.status, v.analyses
       FROM (
         SELECT ${sql.quarterSql('a.created_at')} AS at, ${sql.statusColumnsSql}
         FROM ${LIVE} GROUP BY 1
         UNION ALL
         SELECT s.quarter, ${ANALYSIS_STATUSES.map((status) => `s.${status}`).join(', ')}
         FROM days JOIN dashboard_quarters s ON s.environment_id = $1 AND s.day = days.day
         WHERE NOT days.whole
       ) AS quarters
       CROSS JOIN LATERAL (VALUES ${ANALYSIS_STATUSES.map((status) => `('${status}', quarters.${status})`).join(', ')})
         AS v (status, analyses)
       UNION ALL
       SELECT ${bucketOf('days.day')}, e.key, e.value::bigint
       FROM days CROSS JOIN LATERAL jsonb_each_text(days.statuses) AS e
       WHERE days.whole
     ) AS counted
     WHERE analyses > 0
     GROUP BY at, status`,
    [...coverageParams(f, c), f.timeZone, bucket],
  );
};

/** Message categories by analyses that got them, most frequent first (then by name). */
export const categoryCounts = async (q: Queryable, f: PeriodFilter, limit = 100) => {
  const c = await coverage(q, f);
  return q.query<{ name: string; analyses: number }>(
    `SELECT name, sum(analyses)::int AS analyses FROM (
       SELECT c AS name, count(*) AS analyses
       FROM ${LIVE} CROSS JOIN LATERAL unnest(a.categories) AS c
       WHERE a.categories IS NOT NULL GROUP BY c
       UNION ALL
       SELECT e.key, e.value::bigint FROM dashboard_days s CROSS JOIN LATERAL jsonb_each_text(s.categories) AS e
       WHERE ${summarised('s')}
     ) AS counted
     GROUP BY name ORDER BY 2 DESC, 1 LIMIT ${Math.trunc(limit)}`,
    coverageParams(f, c),
  );
};

/**
 * The histograms of processing times per series (0: the analysis, i: the step at position i) of the
 * live analyses and the summarised days together.
 */
const histograms = async (q: Queryable, f: PeriodFilter, c: Coverage, kind: sql.SeriesKind) => {
  const series = kind === 'analysis' ? 'h.series = 0' : 'h.series > 0';
  const rows = await q.query<{ series: number; bin: number; n: number; min: number; max: number }>(
    `WITH months AS (
       SELECT DISTINCT m.month FROM dashboard_months m
       WHERE m.environment_id = $1 AND m.month >= $5::timestamptz AND ${sql.monthEndSql('m.month')} <= $6::timestamptz
     )
     SELECT series, bin, sum(n)::int AS n, min(lo) AS min, max(hi) AS max FROM (
       SELECT x.series, ${binSql('x.v')} AS bin, count(*) AS n, min(x.v) AS lo, max(x.v) AS hi
       FROM ${LIVE} ${sql.seriesValuesSql(kind)}
       WHERE x.v IS NOT NULL GROUP BY 1, 2
       UNION ALL
       ${sql.mergedBinsSql('dashboard_months', `h.environment_id = $1 AND h.month IN (SELECT month FROM months) AND ${series}`)}
       UNION ALL
       ${sql.mergedBinsSql('dashboard_durations', `${summarised('h')} AND ${series} AND ${sql.monthSql('h.day')} NOT IN (SELECT month FROM months)`)}
     ) AS binned
     GROUP BY 1, 2 ORDER BY 1, 2`,
    [...coverageParams(f, c), c.from, c.to],
  );
  const bySeries = new Map<number, Histogram>();
  for (const row of rows) {
    const h = bySeries.get(row.series) ?? { runs: 0, min: Infinity, max: -Infinity, bins: [] };
    h.runs += row.n;
    h.min = Math.min(h.min, row.min);
    h.max = Math.max(h.max, row.max);
    h.bins.push({ bin: row.bin, n: row.n });
    bySeries.set(row.series, h);
  }
  return bySeries;
};

/**
 * The median and 95th percentile of the analyses' whole processing time: exact (`percentile_cont`)
 * when no summarised day is read, else from the histograms (within 1 %, histogram.ts).
 */
export const analysisDurations = async (q: Queryable, f: PeriodFilter) => {
  const c = await coverage(q, f);
  if (c.days.length > 0) {
    const h = (await histograms(q, f, c, 'analysis')).get(0);
    if (!h) return { runs: 0, p50: null, p95: null };
    const [p50, p95] = percentiles(h, [0.5, 0.95]);
    return { runs: h.runs, p50, p95 };
  }
  const [row] = await q.query<{ runs: number; p: number[] | null }>(
    `SELECT count(a.duration_ms)::int AS runs,
            percentile_cont(ARRAY[0.5, 0.95]) WITHIN GROUP (ORDER BY a.duration_ms) AS p
     FROM ${LIVE} WHERE a.duration_ms IS NOT NULL`,
    liveParams(f, c),
  );
  return { runs: row.runs, p50: row.p?.[0] ?? null, p95: row.p?.[1] ?? null };
};

export interface StepDurations {
  step: TraceStep;
  runs: number;
  p50: number;
  p90: number;
  p95: number;
  max: number;
}

const STEP_PERCENTILES = [0.5, 0.9, 0.95, 1] as const;

/**
 * The runs and duration percentiles (median, 90th, 95th, maximum) of each pipeline step that ran,
 * in pipeline order: exact when no summarised day is read (one aggregate per position of `step_ms`,
 * in one scan), else from the histograms (runs and maximum exact, percentiles within 1 %).
 */
export const stepDurations = async (q: Queryable, f: PeriodFilter): Promise<StepDurations[]> => {
  const c = await coverage(q, f);
  if (c.days.length > 0) {
    const bySeries = await histograms(q, f, c, 'steps');
    return TRACE_STEPS.flatMap((step, i) => {
      const h = bySeries.get(i + 1);
      if (!h) return [];
      const [p50, p90, p95, max] = percentiles(h, STEP_PERCENTILES);
      return [{ step, runs: h.runs, p50, p90, p95, max }];
    });
  }
  const columns = TRACE_STEPS.map(
    (_, i) =>
      `count(a.step_ms[${i + 1}])::int AS runs_${i},
       percentile_cont(ARRAY[${STEP_PERCENTILES.join(', ')}]) WITHIN GROUP (ORDER BY a.step_ms[${i + 1}]) AS p_${i}`,
  );
  const [row] = await q.query(
    `SELECT ${columns.join(', ')} FROM ${LIVE} WHERE a.step_ms IS NOT NULL`,
    liveParams(f, c),
  );
  return TRACE_STEPS.flatMap((step, i) => {
    const runs = row[`runs_${i}`] as number;
    const p = row[`p_${i}`] as number[] | null;
    return runs > 0 && p ? [{ step, runs, p50: p[0], p90: p[1], p95: p[2], max: p[3] }] : [];
  });
};

/**
 * The processed analyses of the period, and how many of them got a value for each field: the
 * environment's extraction fields (0 when never filled) and any other name found.
 */
export const extractionFill = async (q: Queryable, f: PeriodFilter) => {
  const c = await coverage(q, f);
  const [processed] = await q.query<{ analyses: number }>(
    `SELECT coalesce(sum(n), 0)::int AS analyses FROM (
       SELECT count(*) AS n FROM ${LIVE} WHERE a.status = 'processed'
       UNION ALL
       SELECT (s.statuses->>'processed')::bigint FROM dashboard_days s WHERE ${summarised('s')}
     ) AS counted`,
    coverageParams(f, c),
  );
  const fields = await q.query<{ name: string; filled: number }>(
    `SELECT name, sum(filled)::int AS filled FROM (
       SELECT d.data->>'name' AS name, 0 AS filled FROM resource_documents d
       WHERE d.resource = 'extraction-field' AND d.scope_id = $1
       UNION ALL
       SELECT x, count(*) FROM ${LIVE} CROSS JOIN LATERAL unnest(a.extracted_fields) AS x
       WHERE a.status = 'processed' AND a.extracted_fields IS NOT NULL
       GROUP BY x
       UNION ALL
       SELECT e.key, e.value::bigint FROM dashboard_days s CROSS JOIN LATERAL jsonb_each_text(s.fields) AS e
       WHERE ${summarised('s')}
     ) AS fields
     WHERE name IS NOT NULL
     GROUP BY name ORDER BY lower(name), name`,
    coverageParams(f, c),
  );
  return { analyses: processed.analyses, fields };
};
