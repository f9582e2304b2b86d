// The outcomes of claimed analyses written back: each as its row stores it, a batch's results in
// one statement (with the deliveries of their webhooks), retried while the database is away.
import { JsonArrayParam, prepared, type Db, type Queryable } from '../kernel/db';
import { retryOnConnectionError, type RetryOptions } from '../kernel/db/retry';
import type { WebhookTarget } from '../pipeline/stage';
import type { JobOutcome } from '../pipeline-threads/jobs';
import { queues, type Queue } from '../kernel/queue';
import { notifyFinishedSql } from '../kernel/signals';
import { deliveriesCteSql } from '../delivery/deliveries';
import type { ClaimedRow } from './claim';

/** A claimed analysis that ended: its row, its thread's answer, and how long it ran. */
export interface Outcome {
  row: ClaimedRow;
  /** The pipeline thread's answer: the result as JSON bytes, and what the row stores of it. */
  outcome: JobOutcome<'bytes'>;
  ms: number;
}

/**
 * An outcome as its row stores it, made as soon as its analysis ends: the stored fields as JSON, and
 * the result as its thread wrote it, UTF-8 JSON (outside the JS heap, never parsed here, stored as
 * `json`: the database checks it and keeps its text). An analysis with the manual final status that
 * was processed waits, still pending.
 */
export const recordOf = ({ row, outcome, ms }: Outcome) => {
  const waits = row.manual_final_status && outcome.status === 'processed';
  const stored = {
    id: row.id,
    status: waits ? 'pending' : outcome.status,
    error: outcome.error,
    error_message: outcome.errorMessage,
    duration_ms: ms,
    waits,
    token: row.token,
    labelling: outcome.labelling,
    ...outcome.figures,
  };
  return {
    ...stored,
    /** Whether NLU servers read it (they are then marked as used). */
    readByNlu: outcome.readByNlu,
    environmentId: row.environment_id,
    json: Buffer.from(JSON.stringify(stored)),
    result: outcome.bytes,
  };
};
export type OutcomeRecord = ReturnType<typeof recordOf>;

/**
 * A batch's records (`records`, jsonb: the small stored fields) beside their results (`results`,
 * json, in the same order): each result is only checked by the database, never parsed into jsonb
 * (migration 029).
 */
const recordsWithResults = (records: string, results: string) =>
  `jsonb_array_elements(${records}::jsonb) WITH ORDINALITY AS xs (x, n)
   JOIN json_array_elements(${results}::json) WITH ORDINALITY AS r (result, n) ON r.n = xs.n`;

/** The two parameters of recordsWithResults for `records`. */
const batchParams = (records: OutcomeRecord[]) => [
  new JsonArrayParam(
    'jsonb',
    records.map((r) => r.json),
  ),
  new JsonArrayParam(
    'json',
    records.map((r) => r.result),
  ),
];

const SET_RESULTS = `UPDATE analyses a SET status = x->>'status', result = r.result, error = x->>'error',
       error_message = nullif(x->'error_message', 'null'::jsonb),
       duration_ms = (x->>'duration_ms')::int, worker_token = NULL, heartbeat_at = NULL,
       llm_tokens = a.llm_tokens + coalesce((x->>'llm_tokens')::int, 0),
       categories = ARRAY(SELECT jsonb_array_elements_text(x->'categories')),
       extracted_fields = ARRAY(SELECT jsonb_array_elements_text(x->'extracted_fields')),
       step_ms = ARRAY(SELECT (e #>> '{}')::float8 FROM jsonb_array_elements(x->'step_ms') WITH ORDINALITY AS s (e, i)
                       ORDER BY i),
       nlu_labelling = CASE WHEN (x->>'labelling')::boolean THEN 'to_label' END, nlu_verdicts = NULL,
       labelled_at = NULL, labelled_by = NULL,
       finished_at = CASE WHEN (x->>'waits')::boolean THEN NULL ELSE now() END
  FROM ${recordsWithResults('$1', '$2')}
  WHERE a.id = (x->>'id')::uuid AND a.worker_token = x->>'token' AND a.status = 'pending'`;

/**
 * Only rows this worker still holds take a result: an abort meanwhile is never overwritten; the
 * waiting status reads of those written are told (analyses/signals.ts). Each
 * record is taken apart with `->`, not jsonb_to_recordset, which would print it back to text and
 * parse it again (a cost of the database, in this very process on PGlite).
 */
const WRITE_RESULTS = prepared(
  'analyses_write_results',
  `${SET_RESULTS} RETURNING a.id, ${notifyFinishedSql('a.id')}`,
);

/**
 * The same, for a batch with analyses of environments that have webhooks ($3: the active ones, as
 * the configuration the batch ran with lists them): the deliveries of the analyses that ended, and
 * their jobs, are made by the same statement (delivery/deliveries.ts). Analyses that wait for their
 * manual final status are delivered when it comes.
 */
const WRITE_RESULTS_AND_DELIVERIES = prepared(
  'analyses_write_results_deliveries',
  `WITH w AS (
    ${SET_RESULTS}
    RETURNING a.id, a.environment_id, a.name, a.status, a.error, (r.result->'output')::jsonb AS output,
              ${notifyFinishedSql('a.id')} AS n
  ), t AS (
    SELECT * FROM jsonb_to_recordset($3::jsonb) AS t(id uuid, environment_id uuid, type text, format text)
  ), ended AS (SELECT * FROM w WHERE status <> 'pending'),
  ${deliveriesCteSql('ended', 't')}
  SELECT id, n FROM w`,
);

/**
 * Writes a batch's results in one statement. The deadline jobs of analyses waiting for their
 * manual final status are sent in the same transaction; a batch without such analyses needs none
 * (one statement is atomic). Analyses aborted while they ran keep the trace of what was done, under
 * the abort. Answers which were written.
 *
 * While the database is away (a restart) the write is tried again with backoff, for up to a minute
 * (db/retry.ts): a finished batch's results are not lost, and its analyses not run again. A retry
 * after a write whose commit was done but whose answer was lost writes nothing more: the rows
 * written no longer carry their claim's token. Each record carries its own (records of several
 * claims are written together: analyses/worker.ts).
 */
export const writeOutcomes = async (
  db: Db,
  queue: Queue,
  records: OutcomeRecord[],
  manualStatusTimeoutSeconds: number,
  log?: RetryOptions['log'],
  /** The active webhooks of the batch's environments. */
  webhooksOf: (environmentId: string) => readonly WebhookTarget[] = () => [],
): Promise<Set<string>> =>
  retryOnConnectionError(() => writeOnce(db, queue, records, manualStatusTimeoutSeconds, webhooksOf), {
    what: `writing the results of ${records.length} analyses`,
    log,
  });

const writeOnce = async (
  db: Db,
  queue: Queue,
  records: OutcomeRecord[],
  manualStatusTimeoutSeconds: number,
  webhooksOf: (environmentId: string) => readonly WebhookTarget[],
): Promise<Set<string>> => {
  const [json, results] = batchParams(records);
  const targets = [...new Set(records.map((r) => r.environmentId))].flatMap((environment_id) =>
    webhooksOf(environment_id).map((t) => ({ ...t, environment_id })),
  );
  const write = async (q: Queryable) => {
    const updated = await q.query<{ id: string }>(
      targets.length ? WRITE_RESULTS_AND_DELIVERIES : WRITE_RESULTS,
      targets.length ? [json, results, JSON.stringify(targets)] : [json, results],
    );
    const written = new Set(updated.map((u) => u.id));
    for (const r of records.filter((r) => r.waits && written.has(r.id))) {
      await queue.send(
        q,
        queues.analysisDeadline,
        { analysisId: r.id },
        { startAfterSeconds: manualStatusTimeoutSeconds },
      );
    }
    return written;
  };
  const written = records.some((r) => r.waits) ? await db.transaction(write) : await write(db);
  const aborted = records.filter((r) => !written.has(r.id));
  if (aborted.length) {
    await db.query(
      `UPDATE analyses a SET result = jsonb_set(r.result::jsonb, '{status}', '"aborted"'),
              duration_ms = (x->>'duration_ms')::int,
              llm_tokens = a.llm_tokens + coalesce((x->>'llm_tokens')::int, 0)
       FROM ${recordsWithResults('$1', '$2')}
       WHERE a.id = (x->>'id')::uuid AND a.status = 'aborted' AND a.result IS NULL`,
      batchParams(aborted),
    );
  }
  return written;
};
