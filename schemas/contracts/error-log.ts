import { z } from 'zod';
import { TRACE_STEPS } from '../analysis-result';
import { defineCall } from './define';

/**
 * The environment's error log (spec pipeline §2 "error log"; docs/webhooks.md, "Error log"): every
 * failed step of its analyses and every webhook delivery whose last series of attempts failed,
 * newest first, each naming its analysis. Qualifiers and above, as the analyses' own Output tab.
 */
export const ERROR_LOG_KINDS = ['all', 'step', 'delivery'] as const;
export type ErrorLogKind = (typeof ERROR_LOG_KINDS)[number];

/** The most entries one page holds. */
export const ERROR_LOG_MAX_PER_PAGE = 100;

/** A day (`2026-11-28`, the whole UTC day) or an instant with its offset. */
const dayOrInstant = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

export const errorLogQuery = z.object({
  kind: z.enum(ERROR_LOG_KINDS).optional(),
  /** A trace step; `outputDelivery` also selects the failed deliveries. */
  step: z.enum(TRACE_STEPS).optional(),
  /** A message category the analysis got. */
  category: z.string().min(1).max(200).optional(),
  from: dayOrInstant.optional(),
  /** Inclusive: a day means until its end. */
  to: dayOrInstant.optional(),
  /** Query strings are text: the server reads no coerced numbers (1-based). */
  page: z
    .string()
    .regex(/^[1-9]\d{0,5}$/)
    .optional(),
  perPage: z
    .string()
    .regex(/^([1-9]\d?|100)$/)
    .optional(),
});
export type ErrorLogQuery = z.infer<typeof errorLogQuery>;

export const stepErrorEntry = z.object({
  kind: z.literal('step'),
  at: z.string(),
  analysisId: z.string(),
  analysisName: z.string(),
  /** Null when the analysis failed outside any step (its time limit, a lost original). */
  step: z.enum(TRACE_STEPS).nullable(),
  summary: z.string().nullable(),
  errors: z.array(z.string()),
  categories: z.array(z.string()),
});

export const deliveryErrorEntry = z.object({
  kind: z.literal('delivery'),
  at: z.string(),
  /** Null once the analysis is deleted; its name stays. */
  analysisId: z.string().nullable(),
  analysisName: z.string().nullable(),
  deliveryId: z.string(),
  webhookId: z.string(),
  webhookUrl: z.string(),
  errorCode: z.string().nullable(),
  errorParams: z.record(z.string(), z.unknown()).nullable(),
  error: z.string().nullable(),
});

export const errorLogEntry = z.discriminatedUnion('kind', [stepErrorEntry, deliveryErrorEntry]);
export type ErrorLogEntry = z.infer<typeof errorLogEntry>;

/** 400 INVALID_PERIOD (detail on `to`) when `to` is before `from`. */
export const getErrorLog = defineCall({
  method: 'GET',
  path: '/v4/console/api/environments/{envId}/error-log',
  params: z.object({ envId: z.string() }),
  query: errorLogQuery,
  response: z.object({ entries: z.array(errorLogEntry), total: z.number().int() }),
});
