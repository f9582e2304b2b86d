import type { ConsumptionBucket } from '../../schemas/contracts/consumption';
import type { Queryable } from '../kernel/db';
import { first } from '../kernel/db';

/**
 * What an organisation's analyses consumed, read from the `analyses` rows themselves: every analysis
 * created counts whatever its status, anonymized ones too (the row keeps its date, size and duration).
 * Environments being deleted are left out, as in every other read. Instants are ISO strings; a range
 * includes its start and excludes its end.
 */

/** Analyses of the organisation's live environments (`a`, `e`, `p`), for the queries below. */
const ORGANISATION_ANALYSES = `analyses a
  JOIN environments e ON e.id = a.environment_id AND e.deletion_requested_at IS NULL
  JOIN projects p ON p.id = e.project_id`;

export interface EnvironmentUse {
  projectId: string;
  projectName: string;
  /** null for a project without environments. */
  environmentId: string | null;
  environmentName: string | null;
  analyses: number;
  /** The LLM tokens of those analyses (`analyses.llm_tokens`). */
  tokens: number;
  bytes: number;
}

export interface ContractRow {
  contractStartDate: string | null;
  yearlyQuota: number | null;
}

/** The organisation's contract start date (`YYYY-MM-DD`) and yearly quota; undefined when it does not exist. */
export const readContract = async (
  q: Queryable,
  organisationId: string,
): Promise<ContractRow | undefined> => {
  const row = await first(
    q.query<{ contract_start_date: string | null; yearly_quota: number | null }>(
      // A string, never a Date: pg would turn a `date` into local midnight.
      `SELECT to_char(contract_start_date, 'YYYY-MM-DD') AS contract_start_date, yearly_quota
       FROM organisations WHERE id = $1`,
      [organisationId],
    ),
  );
  return row && { contractStartDate: row.contract_start_date, yearlyQuota: row.yearly_quota };
};

/** Analyses and their LLM tokens per bucket (UTC), for the buckets that have some; keyed by the bucket's first day. */
export const analysesPerBucket = async (
  q: Queryable,
  organisationId: string,
  range: { from: string; until: string },
  bucket: ConsumptionBucket,
): Promise<Map<string, { analyses: number; tokens: number }>> => {
  const rows = await q.query<{ start: string; analyses: number; tokens: number }>(
    `SELECT to_char(date_trunc($2::text, a.created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS start,
            count(*)::int AS analyses, coalesce(sum(a.llm_tokens), 0)::float8 AS tokens
     FROM ${ORGANISATION_ANALYSES}
     WHERE p.organisation_id = $1 AND a.created_at >= $3::timestamptz AND a.created_at < $4::timestamptz
     GROUP BY 1`,
    [organisationId, bucket, range.from, range.until],
  );
  return new Map(rows.map((r) => [r.start, { analyses: r.analyses, tokens: r.tokens }]));
};

/** Analyses, LLM tokens and input bytes per environment in the range: every project and environment, idle ones included. */
export const usePerEnvironment = async (
  q: Queryable,
  organisationId: string,
  range: { from: string; until: string },
): Promise<EnvironmentUse[]> => {
  const rows = await q.query<{
    project_id: string;
    project_name: string;
    environment_id: string | null;
    environment_name: string | null;
    analyses: number;
    tokens: number;
    bytes: number;
  }>(
    `SELECT p.id AS project_id, p.name AS project_name, e.id AS environment_id, e.name AS environment_name,
            count(a.id)::int AS analyses, coalesce(sum(a.llm_tokens), 0)::float8 AS tokens,
            coalesce(sum(a.size), 0)::float8 AS bytes
     FROM projects p
     LEFT JOIN environments e ON e.project_id = p.id AND e.deletion_requested_at IS NULL
     LEFT JOIN analyses a ON a.environment_id = e.id
       AND a.created_at >= $2::timestamptz AND a.created_at < $3::timestamptz
     WHERE p.organisation_id = $1
     GROUP BY p.id, p.name, e.id, e.name
     ORDER BY lower(p.name), p.id, lower(e.name), e.id`,
    [organisationId, range.from, range.until],
  );
  return rows.map((r) => ({
    projectId: r.project_id,
    projectName: r.project_name,
    environmentId: r.environment_id,
    environmentName: r.environment_name,
    analyses: r.analyses,
    tokens: r.tokens,
    bytes: r.bytes,
  }));
};

/**
 * Analyses since the contract year started (the quota's use), and the analyses and processing time
 * of the CO2 range.
 */
export const quotaAndProcessing = async (
  q: Queryable,
  organisationId: string,
  contractStart: string,
  co2: { from: string; until: string },
): Promise<{ used: number; co2Analyses: number; processingMs: number }> => {
  const [row] = await q.query<{ used: number; co2_analyses: number; processing_ms: number }>(
    `SELECT count(*) FILTER (WHERE a.created_at >= $2::timestamptz)::int AS used,
            count(*) FILTER (WHERE a.created_at >= $3::timestamptz AND a.created_at < $4::timestamptz)::int
              AS co2_analyses,
            coalesce(sum(a.duration_ms) FILTER (
              WHERE a.created_at >= $3::timestamptz AND a.created_at < $4::timestamptz), 0)::float8
              AS processing_ms
     FROM ${ORGANISATION_ANALYSES}
     WHERE p.organisation_id = $1 AND a.created_at >= least($2::timestamptz, $3::timestamptz)`,
    [organisationId, contractStart, co2.from, co2.until],
  );
  return { used: row.used, co2Analyses: row.co2_analyses, processingMs: row.processing_ms };
};
