import { ANALYSIS_STATUSES } from '../../schemas/analysis-result';

/**
 * SQL shared by the dashboard's queries and the job that summarises analyses for them (migration
 * 026), so that both count an analysis the same way.
 */

/** Days and quarters are binned from this instant: plain arithmetic, whatever the session's zone. */
export const ORIGIN = `TIMESTAMPTZ '2000-01-01 00:00:00+00'`;

/** The UTC day of an instant, as migration 026's triggers compute it. */
export const daySql = (at: string) => `date_bin('1 day', ${at}, ${ORIGIN})`;

/** The UTC month of an instant, and the first instant after it. */
export const monthSql = (at: string) => `(date_trunc('month', ${at} AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')`;
export const monthEndSql = (month: string) =>
  `((${month} AT TIME ZONE 'UTC' + interval '1 month') AT TIME ZONE 'UTC')`;

/** The quarter of an hour of an instant. */
export const quarterSql = (at: string) => `date_bin('15 minutes', ${at}, ${ORIGIN})`;

/** One column per status counting the analyses `a` of a group: `count(*) FILTER (…) AS waiting, …`. */
export const statusColumnsSql = ANALYSIS_STATUSES.map(
  (status) => `count(*) FILTER (WHERE a.status = '${status}') AS ${status}`,
).join(', ');

/** Which processing times: the whole analysis's (series 0), the steps' (series i: position i of step_ms), or both. */
export type SeriesKind = 'analysis' | 'steps' | 'all';

const SERIES_ARRAYS: Record<SeriesKind, [string, number]> = {
  analysis: ['ARRAY[a.duration_ms::float8]', 1],
  steps: ['a.step_ms', 0],
  all: ['ARRAY[a.duration_ms::float8] || a.step_ms', 1],
};

/**
 * The processing times of the analyses `a`, one row `x (series, v)` per value, NULL ones included:
 * series 0 is the whole analysis (`duration_ms`), series i the step at position i of `step_ms`
 * (migration 021).
 */
export const seriesValuesSql = (kind: SeriesKind) => {
  const [array, shift] = SERIES_ARRAYS[kind];
  return `CROSS JOIN LATERAL (SELECT ord::int - ${shift} AS series, v
                              FROM unnest(${array}) WITH ORDINALITY AS u (v, ord)) AS x`;
};

/** The histograms' bins added up, per series, of the summaries `h` selected by `where`. */
export const mergedBinsSql = (table: string, where: string) => `
  SELECT h.series, b.bin, sum(b.n) AS n, min(h.min_ms) AS lo, max(h.max_ms) AS hi
  FROM ${table} h CROSS JOIN LATERAL unnest(h.bins, h.counts) AS b (bin, n)
  WHERE ${where} GROUP BY 1, 2`;
