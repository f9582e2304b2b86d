import { z } from 'zod';
import { ANALYSIS_STATUSES, TRACE_STEPS } from '../analysis-result';
import { CONSUMPTION_BUCKETS } from './consumption';
import { defineCall } from './define';

/**
 * An environment's dashboard (spec platform-shell §4, §6, §9;
 * docs/decisions/dashboard-one-read.md), for its cockpit viewers, qualifiers and configurators.
 * Figures are computed by the server over the analyses created in the period. Days are calendar
 * days in the caller's time zone (`tz`, IANA name): a period runs from the first instant of `from`
 * to the last of `to` there, and buckets are that zone's days, ISO weeks (from Monday) or months,
 * whatever daylight-saving changes fall inside.
 */

/** Relative periods of spec §9: the last N days, weeks, months, quarters or years, today included. */
export const DASHBOARD_UNITS = ['days', 'weeks', 'months', 'quarters', 'years'] as const;
export type DashboardUnit = (typeof DASHBOARD_UNITS)[number];
export const DASHBOARD_BUCKETS = CONSUMPTION_BUCKETS;
export type DashboardBucket = (typeof DASHBOARD_BUCKETS)[number];

const day = z.iso.date();
const count = z.number().int().min(0);
const ms = z.number().min(0);

/** Analyses per status, every status present (0 when none). */
const perStatus = z.object(
  Object.fromEntries(ANALYSIS_STATUSES.map((status) => [status, count])) as Record<
    (typeof ANALYSIS_STATUSES)[number],
    typeof count
  >,
);
export type DashboardStatusCounts = z.infer<typeof perStatus>;

export const dashboardReport = z.object({
  period: z.object({ from: day, to: day, bucket: z.enum(DASHBOARD_BUCKETS), timeZone: z.string() }),
  totals: perStatus.extend({
    analyses: count,
    /** Analyses in error among the finished ones (processed, error, aborted), 0 to 1; null when none finished. */
    errorRate: z.number().min(0).max(1).nullable(),
  }),
  /** Every bucket of the period, empty ones included; `start` is the bucket's first day. */
  series: z.array(perStatus.extend({ start: day })),
  /** Message categories decided, most frequent first; an analysis counts once per category it got. */
  categories: z.array(z.object({ name: z.string(), analyses: count })),
  /** Processing time of the whole analysis and of each pipeline step that ran, in milliseconds. */
  durations: z.object({
    analysis: z.object({ runs: count, p50: ms.nullable(), p95: ms.nullable() }),
    steps: z.array(z.object({ step: z.enum(TRACE_STEPS), runs: count, p50: ms, p90: ms, p95: ms, max: ms })),
  }),
  /**
   * How often each information-extraction field was filled, over the processed analyses of the
   * period (`analyses`): the environment's fields, and any other name found in results.
   */
  extraction: z.object({
    analyses: count,
    fields: z.array(z.object({ name: z.string(), filled: count, rate: z.number().min(0).max(1) })),
  }),
});
export type DashboardReport = z.infer<typeof dashboardReport>;

export const dashboardQuery = z.object({
  /** IANA time zone of the caller, e.g. Europe/Paris; UTC by default. */
  tz: z.string().min(1).max(64).optional(),
  /** A relative period: the last `last` `unit`s (1 to 999; query strings are text, as in error-log.ts). */
  last: z
    .string()
    .regex(/^[1-9]\d{0,2}$/)
    .optional(),
  unit: z.enum(DASHBOARD_UNITS).optional(),
  /** A range of days, both included (with `to`); wins over `last`. */
  from: day.optional(),
  to: day.optional(),
  /** Chosen from the period's length when absent: days up to 62 days, weeks up to 183, else months. */
  bucket: z.enum(DASHBOARD_BUCKETS).optional(),
});
export type DashboardQuery = z.infer<typeof dashboardQuery>;

/**
 * Without a period: the last 30 days. Errors (code, then params in `details`):
 * 400 `INVALID_PERIOD` (`to` before `from`, one of them alone, too many buckets),
 * 400 `INVALID_TIME_ZONE` (`tz` unknown), 403 below the cockpit level, 404 another tenant's
 * environment, 404 `DASHBOARDS_DISABLED` when the deployment turned dashboards off.
 */
export const getDashboard = defineCall({
  method: 'GET',
  path: '/v4/console/api/environments/{envId}/dashboard',
  params: z.object({ envId: z.string() }),
  query: dashboardQuery,
  response: dashboardReport,
});
