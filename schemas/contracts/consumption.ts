import { z } from 'zod';
import { defineCall } from './define';

/**
 * An organisation's consumption (spec platform-shell §2 "consumption, CO2 footprint, contract start
 * date and yearly quota", §9), for its administrators and platform staff. Dates are calendar days
 * (`YYYY-MM-DD`, UTC); `to` is the period's last day, included.
 */

/** Calendar days, ISO weeks (from Monday) or calendar months, in UTC. */
export const CONSUMPTION_BUCKETS = ['day', 'week', 'month'] as const;
export type ConsumptionBucket = (typeof CONSUMPTION_BUCKETS)[number];

const day = z.iso.date();
const count = z.number().int().min(0);

/**
 * `tokens` counts the LLM tokens of the analyses; no stage uses an LLM yet, so it is 0 until one
 * does. `sizeMb`: the inputs' bytes in MB (1 MB = 1,048,576 bytes), to 0.01.
 */
const figures = { analyses: count, tokens: count, sizeMb: z.number().min(0) };

export const consumptionReport = z.object({
  period: z.object({ from: day, to: day, bucket: z.enum(CONSUMPTION_BUCKETS) }),
  totals: z.object(figures),
  /** Every bucket of the period, empty ones included; `start` is the bucket's first day. */
  series: z.array(z.object({ start: day, analyses: count, tokens: count })),
  projects: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      ...figures,
      environments: z.array(z.object({ id: z.string(), name: z.string(), ...figures })),
    }),
  ),
  quota: z.object({
    /** null: no quota set. */
    yearlyQuota: count.nullable(),
    /** First day of the current contract year (the contract start date's anniversary; 1 January when unset). */
    contractStart: day,
    /** Analyses created since `contractStart`. */
    used: count,
    remaining: count.nullable(),
    /** `used` in % of the quota, to 0.1 (above 100 when exceeded); null without a quota. */
    percent: z.number().min(0).nullable(),
  }),
  co2: z.object({
    /** First day counted: the period's start, never before 24 April 2025 (spec §9). */
    since: day,
    /** Analyses counted, from `since` to the period's end. */
    analyses: count,
    processingMs: z.number().min(0),
    energyKwh: z.number().min(0),
    kgCo2: z.number().min(0),
    method: z.string(),
    factors: z.object({
      wattsPerBusyCore: z.number(),
      pue: z.number(),
      kgCo2PerKwh: z.number(),
    }),
  }),
});
export type ConsumptionReport = z.infer<typeof consumptionReport>;

/**
 * Without `from` and `to`: the current contract year, by month. 400 `INVALID_PERIOD` (detail on
 * `to` or `bucket`) when `to` is before `from` or the period has too many buckets.
 */
export const getConsumption = defineCall({
  method: 'GET',
  path: '/v4/console/api/organisations/{orgId}/consumption',
  params: z.object({ orgId: z.string() }),
  query: z.object({
    from: day.optional(),
    to: day.optional(),
    bucket: z.enum(CONSUMPTION_BUCKETS).optional(),
  }),
  response: consumptionReport,
});
