import type { ErrorLogEntry, ErrorLogKind } from '../../schemas/contracts/error-log';
import type { TraceStep } from '../../schemas/analysis-result';
import type { Queryable } from '../kernel/db';
import { failedDeliverySql } from '../delivery/deliveries';

/** What the error log is asked for; bounds are instants, `before` exclusive and `until` inclusive. */
export interface ErrorLogFilter {
  kind: ErrorLogKind;
  step?: TraceStep;
  category?: string;
  from?: Date;
  before?: Date;
  until?: Date;
  limit: number;
  offset: number;
}

type Row = {
  kind: 'step' | 'delivery';
  at: Date;
  analysis_id: string | null;
  analysis_name: string | null;
  step: TraceStep | null;
  summary: string | null;
  errors: unknown[] | null;
  categories: string[] | null;
  delivery_id: string | null;
  webhook_id: string | null;
  webhook_url: string | null;
  error_code: string | null;
  error_params: Record<string, unknown> | null;
  error: string | null;
};

/** A jsonb array of `expr`, or an empty one when it is missing or not an array (an old result). */
const array = (expr: string) => `CASE WHEN jsonb_typeof(${expr}) = 'array' THEN ${expr} ELSE '[]'::jsonb END`;

/**
 * The failed steps (one entry per trace entry in error; an analysis in error without one gives its
 * own error, step null) and the failed deliveries of an environment, each side filtered in SQL
 * before the union so that only one page is read.
 */
const entriesSql = (environmentId: string, f: ErrorLogFilter) => {
  const params: unknown[] = [];
  const param = (value: unknown) => `$${params.push(value)}`;
  const env = param(environmentId);
  const period = (at: string) =>
    [
      f.from ? `${at} >= ${param(f.from)}` : '',
      f.before ? `${at} < ${param(f.before)}` : '',
      f.until ? `${at} <= ${param(f.until)}` : '',
    ].filter(Boolean);
  // The analysis got this message category (`categories`: its result's, as jsonb, by name).
  const categoryParam = f.category ? param(f.category) : undefined;
  const hasCategory = (categories: string) =>
    categoryParam
      ? `${categories} @> jsonb_build_array(jsonb_build_object('name', ${categoryParam}::text))`
      : '';
  const parts: string[] = [];
  if (f.kind !== 'delivery') {
    const where = [
      `a.environment_id = ${env}`,
      `a.status = 'error'`,
      '(failed.entry IS NOT NULL OR a.error IS NOT NULL)',
      f.step ? `failed.entry ->> 'step' = ${param(f.step)}` : '',
      hasCategory("r.result -> 'categories'"),
      ...period('coalesce(a.finished_at, a.created_at)'),
    ].filter(Boolean);
    parts.push(`SELECT 'step' AS kind, coalesce(a.finished_at, a.created_at) AS at, a.id AS analysis_id,
        a.name AS analysis_name, failed.entry ->> 'step' AS step, failed.entry ->> 'summary' AS summary,
        CASE WHEN failed.entry IS NULL THEN jsonb_build_array(a.error) ELSE ${array("failed.entry -> 'errors'")} END AS errors,
        (SELECT coalesce(jsonb_agg(c ->> 'name'), '[]'::jsonb)
         FROM jsonb_array_elements(${array("r.result -> 'categories'")}) c) AS categories,
        NULL::uuid AS delivery_id, NULL::uuid AS webhook_id, NULL::text AS webhook_url,
        NULL::text AS error_code, NULL::jsonb AS error_params, NULL::text AS error
      FROM analyses a
      -- The result (json, migration 029) read into jsonb once: OFFSET 0 keeps the planner from
      -- copying the cast into each use.
      CROSS JOIN LATERAL (SELECT a.result::jsonb AS result OFFSET 0) r
      LEFT JOIN LATERAL (
        SELECT s AS entry FROM jsonb_array_elements(${array("r.result -> 'trace'")}) s WHERE s ->> 'status' = 'error'
      ) failed ON true
      WHERE ${where.join(' AND ')}`);
  }
  if (f.kind !== 'step' && (!f.step || f.step === 'outputDelivery')) {
    const where = [
      `d.environment_id = ${env}`,
      failedDeliverySql('d'),
      hasCategory("(a.result -> 'categories')::jsonb"),
      ...period('coalesce(d.error_at, d.created_at)'),
    ].filter(Boolean);
    parts.push(`SELECT 'delivery' AS kind, coalesce(d.error_at, d.created_at) AS at, d.analysis_id,
        d.analysis_name, NULL::text AS step, NULL::text AS summary, NULL::jsonb AS errors,
        NULL::jsonb AS categories, d.id AS delivery_id, d.webhook_id, h.url AS webhook_url, d.error_code,
        d.error_params, d.error
      FROM webhook_deliveries d JOIN webhooks h ON h.id = d.webhook_id
      ${categoryParam ? 'JOIN analyses a ON a.id = d.analysis_id' : ''}
      WHERE ${where.join(' AND ')}`);
  }
  return { sql: parts.join(' UNION ALL '), params };
};

const toEntry = (r: Row): ErrorLogEntry =>
  r.kind === 'step'
    ? {
        kind: 'step',
        at: new Date(r.at).toISOString(),
        analysisId: r.analysis_id!,
        analysisName: r.analysis_name ?? '',
        step: r.step,
        summary: r.summary,
        errors: (r.errors ?? []).map((e) => (typeof e === 'string' ? e : JSON.stringify(e))),
        categories: r.categories ?? [],
      }
    : {
        kind: 'delivery',
        at: new Date(r.at).toISOString(),
        analysisId: r.analysis_id,
        analysisName: r.analysis_name,
        deliveryId: r.delivery_id!,
        webhookId: r.webhook_id!,
        webhookUrl: r.webhook_url ?? '',
        errorCode: r.error_code,
        errorParams: r.error_params,
        error: r.error,
      };

/**
 * One page of an environment's error log, newest first, and how many entries match in all.
 *
 * @example
 * const { entries, total } = await readErrorLog(db, envId, { kind: 'all', limit: 25, offset: 0 });
 */
export const readErrorLog = async (
  q: Queryable,
  environmentId: string,
  filter: ErrorLogFilter,
): Promise<{ entries: ErrorLogEntry[]; total: number }> => {
  const { sql, params } = entriesSql(environmentId, filter);
  // Deliveries asked for with a step that is not theirs.
  if (!sql) return { entries: [], total: 0 };
  const [rows, [count]] = await Promise.all([
    q.query<Row>(
      `SELECT * FROM (${sql}) e ORDER BY at DESC, analysis_id, step, delivery_id
       LIMIT ${Math.trunc(filter.limit)} OFFSET ${Math.trunc(filter.offset)}`,
      params,
    ),
    q.query<{ total: number | string }>(`SELECT count(*) AS total FROM (${sql}) e`, params),
  ]);
  return { entries: rows.map(toEntry), total: Number(count.total) };
};
