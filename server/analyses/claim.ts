// Claiming analyses: the claim that takes a batch of the queue's jobs fairly between environments
// with their analyses, and a claimed analysis's input. Their outcomes are written in outcomes.ts.
import { configVersionSql } from '../configuration/version';
import { getBlob, type AnalysisRow } from './repository';
import { prepared, type Queryable } from '../kernel/db';
import { retryOnConnectionError, type RetryOptions } from '../kernel/db/retry';
import { DEFAULT_MAX_CHARACTERS } from '../pipeline/extractor/settings';
import type { PipelineInput } from '../pipeline/stage';
import { ANALYSIS_JOBS_TABLE, JOB_ENVIRONMENT, queues } from '../kernel/queue';

/** What the worker reads of an analysis it claims: its input, and its configuration's version. */
export type ClaimedRow = Pick<
  AnalysisRow,
  | 'id'
  | 'environment_id'
  | 'name'
  | 'input_type'
  | 'filename'
  | 'blob_id'
  | 'input_text'
  | 'metadata'
  | 'manual_final_status'
> & {
  /** A text's whole length (its row's `size`, in JavaScript's characters), of which `input_text` holds what the pipeline reads. */
  input_characters: number | null;
  /** The original file when it is small; null for a text or a large file. */
  file: Uint8Array | null;
  config_version: string | null;
  /** The claim's worker token: the row takes its result only while it still holds it. */
  token: string;
};

/** Files up to this size come with the claim; larger ones are read when their analysis starts. */
const INLINE_BYTES = 64 * 1024;

/** The analysis queue's jobs not yet taken: the predicate of its fair claim's index (queue.ts). */
const WAITING_JOBS = `state < 'active'`;

/**
 * The claim of takeBatch: $1 the most jobs to take, $2 the worker's token, $3 the characters of a
 * text the pipeline reads (ANALYSIS_MAX_CHARACTERS): a 25 MB text is not read out of the database
 * whole to be cut in the worker (docs/security.md, 'Large inputs'), nor counted (`length`, a pass over
 * 25 MB on the main thread on PGlite): its length is the row's `size`, counted when it came. A job is due from its
 * `start_after` on, that instant included: PGlite's clock counts milliseconds, so a claim woken by
 * a submission often runs in the millisecond its job was written, and `<` left that job behind
 * until the next poll.
 *
 * The queue is shared between environments (docs/security.md, "Sharing the workers"): the due jobs
 * are ranked within their environment, oldest first, and the lowest ranks are taken first — the
 * first job of every environment waiting, then the second of each, and so on — so one
 * environment's backlog never sits ahead of another's analysis. The environments waiting are found
 * by a skip scan of the queue's fair index (one probe each, `envs`), and each gives at most $1 of
 * its oldest jobs: a claim reads at most (environments waiting) × $1 index entries, whatever the
 * backlog. Each environment's jobs are read as the index's next $1 entries from its first (`>=`,
 * the rows of the next environments then dropped), not as `= e.env`: with statistics taken while
 * nothing waited, the planner took `=` for a few rows and read them all into a sort (a whole
 * backlog per claim); an open range with the index's order and a limit is walked and stopped.
 * A worker claims as its pipeline slots free, a few jobs at a time (analyses/loop.ts): $4 and
 * $5 say how many analyses it holds of each environment (their ids as the jobs carry them, and the
 * counts), which start its ranks that much lower — the worker running four of A's backlog claims
 * B's one job before A's fifth, though A's is older. The claimed rows come back by rank.
 *
 * The analyses to claim are gathered into an array first (`id = ANY(ARRAY(…))`, run once) and read
 * by their primary key, whatever the table's statistics say. Written as `id IN (… UNION ALL …)`,
 * the planner could drive the update from the index of unfinished analyses and run the subquery
 * again for each of them: with statistics taken while nothing waited (autovacuum's ANALYZE on
 * PostgreSQL), each claim of 16 read a backlog of 2,000 about 2,000 times (8.5 ms per analysis
 * instead of 0.25; docs/decisions/queue-claim-by-primary-key.md).
 */
export const CLAIM = prepared(
  'analyses_claim',
  `WITH RECURSIVE envs AS (
     SELECT (SELECT ${JOB_ENVIRONMENT} FROM ${ANALYSIS_JOBS_TABLE} WHERE ${WAITING_JOBS} ORDER BY 1 LIMIT 1) AS env
     UNION ALL
     SELECT (SELECT ${JOB_ENVIRONMENT} FROM ${ANALYSIS_JOBS_TABLE} WHERE ${WAITING_JOBS} AND ${JOB_ENVIRONMENT} > envs.env
             ORDER BY 1 LIMIT 1)
     FROM envs WHERE envs.env IS NOT NULL
   ), ranked AS (
     SELECT j.id, j.created_on,
            row_number() OVER (PARTITION BY e.env ORDER BY j.created_on, j.id) + coalesce(h.held, 0) AS rank
     FROM envs e LEFT JOIN unnest($4::text[], $5::int[]) AS h (env, held) ON h.env = e.env
     CROSS JOIN LATERAL (
       SELECT id, created_on, ${JOB_ENVIRONMENT} AS env FROM ${ANALYSIS_JOBS_TABLE}
       WHERE ${WAITING_JOBS} AND ${JOB_ENVIRONMENT} >= e.env AND start_after <= now()
       ORDER BY ${JOB_ENVIRONMENT}, created_on, id LIMIT $1) j
     WHERE e.env IS NOT NULL AND j.env = e.env
   ), next AS (
     SELECT id FROM pgboss.job
     WHERE name = '${queues.analysis}' AND id = ANY(ARRAY(SELECT id FROM ranked ORDER BY rank, created_on, id LIMIT $1))
     FOR UPDATE SKIP LOCKED
   ), taken AS (
     DELETE FROM pgboss.job j USING next WHERE j.name = '${queues.analysis}' AND j.id = next.id
     RETURNING j.id AS job_id, (j.data->>'analysisId')::uuid AS analysis_id
   ), claimed AS (
     UPDATE analyses SET status = 'pending', worker_token = $2, started_at = now(), heartbeat_at = now(),
            attempts = attempts + (worker_token IS DISTINCT FROM $2)::int
     WHERE id = ANY(ARRAY(SELECT analysis_id FROM taken
                          UNION ALL SELECT id FROM analyses WHERE status = 'pending' AND worker_token = $2))
       AND (status = 'waiting' OR (status = 'pending' AND worker_token = $2))
     RETURNING id, environment_id, name, input_type, filename, blob_id, left(input_text, $3) AS input_text,
               CASE WHEN input_type = 'text' THEN size END AS input_characters, metadata, manual_final_status)
   SELECT c.*, CASE WHEN b.size <= ${INLINE_BYTES} THEN encode(b.bytes, 'base64') END AS base64,
          ${configVersionSql('c.environment_id')} AS config_version, n.jobs
   FROM (SELECT count(*)::int AS jobs FROM taken) n
   LEFT JOIN claimed c ON true LEFT JOIN blobs b ON b.id = c.blob_id
   LEFT JOIN taken t ON t.analysis_id = c.id LEFT JOIN ranked r ON r.id = t.job_id
   ORDER BY r.rank, r.created_on, r.id`,
);

/**
 * Takes up to `limit` of the analysis queue's jobs, fairly between environments (CLAIM), and claims their waiting analyses
 * for the worker `token`, with their small files and the version of their environment's
 * configuration: one statement for the batch. The jobs are deleted as they are taken: pg-boss's
 * fetch and then its completion would write each job twice more (a tenth of a drain's CPU on
 * PGlite), and the analyses' rows, not the jobs, say what is left to do — a worker that dies holding
 * a batch leaves a stale heartbeat, and the stall sweep queues its analyses again. Analyses aborted
 * before they started, or done, are not returned (their jobs are taken all the same). While the
 * database is away (a restart) the claim is tried again (db/retry.ts); a claim whose answer was lost
 * is found again by its token, not counted as a second attempt. Answers the claimed rows and how
 * many jobs were taken.
 */
export const takeBatch = async (
  q: Queryable,
  limit: number,
  token: string,
  log?: RetryOptions['log'],
  maxCharacters = DEFAULT_MAX_CHARACTERS,
  /** Analyses the worker holds, by environment: their environments' next jobs rank after others' (CLAIM). */
  held: ReadonlyMap<string, number> = new Map(),
): Promise<{ jobs: number; rows: ClaimedRow[] }> => {
  const take = () =>
    q.query<Omit<ClaimedRow, 'file' | 'token'> & { base64: string | null; jobs: number }>(CLAIM, [
      limit,
      token,
      maxCharacters,
      [...held.keys()],
      [...held.values()],
    ]);
  const rows = await retryOnConnectionError(take, { what: 'analysis claim', log });
  return {
    jobs: rows[0]?.jobs ?? 0,
    rows: rows
      .filter((r) => r.id !== null)
      .map(({ base64, jobs: _jobs, ...row }) => ({
        ...row,
        token,
        file: base64 === null ? null : new Uint8Array(Buffer.from(base64, 'base64')),
      })),
  };
};

/**
 * The pipeline's input of a claimed analysis; throws when its file is gone. A large file is read
 * only now, when its analysis starts: a claim holds the small files of its analyses, and the large
 * ones of those running.
 */
export const inputOf = async (q: Queryable, row: ClaimedRow): Promise<PipelineInput> => {
  if (row.input_type === 'text') {
    const text = row.input_text ?? '';
    return {
      kind: 'text',
      name: row.name,
      text,
      ...(row.input_characters !== null && row.input_characters > text.length
        ? { characters: row.input_characters }
        : {}),
      metadata: row.metadata,
      origin: originOf(row),
    };
  }
  const bytes = row.file !== null ? row.file : row.blob_id ? await getBlob(q, row.blob_id) : undefined;
  // A claim keeps no file longer than its analysis.
  row.file = null;
  if (!bytes) throw new Error('The original file of this analysis is missing');
  return {
    kind: 'file',
    name: row.name,
    filename: row.filename ?? 'input',
    bytes,
    metadata: row.metadata,
    origin: originOf(row),
  };
};

const originOf = (row: ClaimedRow) => ({
  environmentId: row.environment_id,
  manualFinalStatus: row.manual_final_status,
});
