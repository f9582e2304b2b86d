// The analyses' repository: an analysis row, creating one with its job (submissions coalesced into
// one statement), reading it and its file, and what the API changes of it (abort, run again, final
// status), with the replies that failed. The statements that write a new analysis are in
// analysis-inserts.ts.
import { randomUUID } from 'node:crypto';
import type { AnalysisResult, AnalysisStatus, InputType } from '../../schemas/analysis-result';
import type { TraceMessage } from '../../schemas/trace-messages';
import { first, type Db, type Queryable } from '../kernel/db';
import { coalesce } from '../kernel/db/coalesce';
import { ClientError } from '../kernel/http/errors';
import { queues, type AnalysisJob, type Queue } from '../kernel/queue';
import { ACTIVE_WEBHOOKS, deliveriesCteSql } from '../delivery/deliveries';
import { notifyFinishedSql } from '../kernel/signals';
import {
  INSERT_ANALYSES,
  INSERT_ANALYSIS,
  NEW_ANALYSIS_COLUMNS,
  newAnalysisValues,
  partsOf,
  putBlob,
  sizeOf,
  writeTextParts,
  type NewAnalysis,
} from './analysis-inserts';

/** An analysis row, as the worker and the routes read it. */
export interface AnalysisRow {
  id: string;
  environment_id: string;
  name: string;
  input_type: InputType;
  status: AnalysisStatus;
  filename: string | null;
  mime: string | null;
  size: number;
  blob_id: string | null;
  input_text: string | null;
  metadata: Record<string, unknown>;
  manual_final_status: boolean;
  result: AnalysisResult | null;
  error: string | null;
  error_message: TraceMessage | null;
  exchange_labels: unknown;
  created_at: Date;
  queued_at: Date | null;
  started_at: Date | null;
  finished_at: Date | null;
  anonymized_at: Date | null;
  duration_ms: number | null;
  [key: string]: unknown;
}

export const ALREADY_PROCESSING = () =>
  new ClientError(409, 'ANALYSIS_ALREADY_PROCESSING', 'The analysis is already being processed');
export const ANONYMIZED = () =>
  new ClientError(410, 'ANALYSIS_ANONYMIZED', 'This analysis was anonymized: it can no longer be opened');

/**
 * Creates an analysis and its queue job: both exist, or neither. Without an idempotency key, one
 * statement writes the file, the row and the job and wakes the workers, and the analyses submitted
 * meanwhile by other requests go in the same statement (db/coalesce.ts): on PGlite a statement
 * costs far more than a row. With a key already used in the environment, nothing is created and
 * the first analysis is answered (`created: false`), even when both requests race.
 */
export const createAnalysis = async (
  db: Db,
  queue: Queue,
  a: NewAnalysis,
): Promise<{ row: AnalysisRow; created: boolean }> => {
  if (a.idempotencyKey === undefined) return { row: await insertersOf(db)(a), created: true };
  const parts = partsOf(a);
  return db.transaction(async (tx) => {
    const id = randomUUID();
    const inserted = await tx.query<{ id: string }>(
      `INSERT INTO analyses (id, environment_id, name, input_type, filename, mime, size, input_text, metadata,
                             manual_final_status, idempotency_key, created_by, access_key_id, queued_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, now())
       ON CONFLICT (environment_id, idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
       RETURNING id`,
      [
        id,
        a.environmentId,
        a.name,
        a.inputType,
        a.file?.filename ?? null,
        a.file?.mime ?? null,
        sizeOf(a),
        parts ? null : (a.text ?? null),
        JSON.stringify(a.metadata),
        a.manualFinalStatus,
        a.idempotencyKey,
        a.createdBy ?? null,
        a.accessKeyId ?? null,
      ],
    );
    if (inserted.length === 0) {
      const existing = await first(
        tx.query<AnalysisRow>('SELECT * FROM analyses WHERE environment_id = $1 AND idempotency_key = $2', [
          a.environmentId,
          a.idempotencyKey,
        ]),
      );
      return { row: existing!, created: false };
    }
    if (parts) await writeTextParts(tx, id, parts);
    if (a.file) {
      const blobId = await putBlob(tx, a.environmentId, a.file.bytes);
      await tx.query('UPDATE analyses SET blob_id = $2 WHERE id = $1', [id, blobId]);
    }
    await queue.send(tx, queues.analysis, {
      analysisId: id,
      environmentId: a.environmentId,
    } satisfies AnalysisJob);
    return { row: (await getAnalysis(tx, id))!, created: true };
  });
};

/**
 * Analyses written by the caller's transaction, with their files and jobs (a mail connector's
 * batch: the analyses and the mailbox cursor past their messages commit together). Answers their
 * ids in the order given. Small inputs share one statement; a large one has its own, with plain
 * parameters (see insertAnalysesSql).
 */
export const insertAnalysesIn = async (tx: Queryable, batch: readonly NewAnalysis[]): Promise<string[]> => {
  const values = batch.map((a) => newAnalysisValues(a));
  const small = values.filter((_, i) => sizeOf(batch[i]) <= COALESCED_MAX_BYTES);
  if (small.length)
    await tx.query(
      INSERT_ANALYSES,
      NEW_ANALYSIS_COLUMNS.map((_, column) => small.map((row) => row[column])),
    );
  for (const [i, row] of values.entries())
    if (sizeOf(batch[i]) > COALESCED_MAX_BYTES) await tx.query(INSERT_ANALYSIS, row);
  return values.map(([id]) => id as string);
};

/** Inputs larger than this are written alone, with plain parameters (analysis-inserts.ts insertAnalysesSql). */
const COALESCED_MAX_BYTES = 256 * 1024;

const inserters = new WeakMap<Db, (a: NewAnalysis) => Promise<AnalysisRow>>();
/** The inserter of new analyses on `db`: they share one statement while they are small (db/coalesce.ts). */
const insertersOf = (db: Db) => {
  let insert = inserters.get(db);
  if (!insert) {
    const batched = coalesce(async (batch: NewAnalysis[]) => {
      const rows = batch.map((a) => newAnalysisValues(a));
      const inserted = await db.query<AnalysisRow>(
        INSERT_ANALYSES,
        NEW_ANALYSIS_COLUMNS.map((_, column) => rows.map((row) => row[column])),
      );
      const byId = new Map(inserted.map((r) => [r.id, r]));
      return rows.map(([id]) => byId.get(id as string)!);
    });
    insert = async (a) => {
      if (sizeOf(a) <= COALESCED_MAX_BYTES) return batched(a);
      const parts = partsOf(a);
      if (!parts) return (await db.query<AnalysisRow>(INSERT_ANALYSIS, newAnalysisValues(a)))[0];
      return db.transaction(async (tx) => {
        const [row] = await tx.query<AnalysisRow>(INSERT_ANALYSIS, newAnalysisValues(a, undefined));
        await writeTextParts(tx, row.id, parts);
        return row;
      });
    };
    inserters.set(db, insert);
  }
  return insert;
};

/** Files by id, read as base64 (see putBlob). */
export const getBlobs = async (q: Queryable, ids: readonly string[]): Promise<Map<string, Uint8Array>> => {
  if (ids.length === 0) return new Map();
  const rows = await q.query<{ id: string; base64: string }>(
    `SELECT id, encode(bytes, 'base64') AS base64 FROM blobs WHERE id = ANY($1::uuid[])`,
    [ids],
  );
  return new Map(rows.map((r) => [r.id, new Uint8Array(Buffer.from(r.base64, 'base64'))]));
};

export const getBlob = async (q: Queryable, id: string): Promise<Uint8Array | undefined> =>
  (await getBlobs(q, [id])).get(id);

export const getAnalysis = (q: Queryable, id: string, environmentId?: string) =>
  first(
    q.query<AnalysisRow>(
      `SELECT * FROM analyses WHERE id = $1 ${environmentId ? 'AND environment_id = $2' : ''}`,
      environmentId ? [id, environmentId] : [id],
    ),
  );

/**
 * Aborts a waiting or running analysis. A worker running it sees the change at its next heartbeat
 * and stops; its late result can no longer overwrite the abort.
 */
export const abortAnalysis = async (q: Queryable, row: AnalysisRow): Promise<AnalysisRow> => {
  const updated = await first(
    q.query<AnalysisRow>(
      `UPDATE analyses SET status = 'aborted', finished_at = now(), worker_token = NULL
       WHERE id = $1 AND status IN ('waiting', 'pending') RETURNING *, ${notifyFinishedSql('id')}`,
      [row.id],
    ),
  );
  if (!updated) {
    throw new ClientError(409, 'ANALYSIS_FINISHED', `The analysis is already finished (${row.status})`, {
      params: { status: row.status },
    });
  }
  return updated;
};

/** Runs a finished analysis again, from its original input; refused while it runs or once anonymized. */
export const reanalyze = async (db: Db, queue: Queue, row: AnalysisRow): Promise<AnalysisRow> =>
  db.transaction(async (tx) => {
    if (row.anonymized_at) throw ANONYMIZED();
    const updated = await first(
      tx.query<AnalysisRow>(
        `UPDATE analyses SET status = 'waiting', result = NULL, error = NULL, error_message = NULL, finished_at = NULL,
                started_at = NULL, heartbeat_at = NULL, worker_token = NULL, duration_ms = NULL,
                exchange_labels = NULL, queued_at = now()
         WHERE id = $1 AND status IN ('processed', 'error', 'aborted') AND anonymized_at IS NULL
         RETURNING *`,
        [row.id],
      ),
    );
    if (!updated) throw ALREADY_PROCESSING();
    await queue.send(tx, queues.analysis, {
      analysisId: row.id,
      environmentId: row.environment_id,
    } satisfies AnalysisJob);
    return updated;
  });

/**
 * The manual final status (spec §4): an analysis created with the flag waits, processed, until a
 * client marks it finished; the consolidation may send exchangeLabels.
 */
export const setFinalStatus = async (
  q: Queryable,
  row: AnalysisRow,
  status: 'processed' | 'error',
  exchangeLabels: unknown,
): Promise<AnalysisRow> => {
  const updated = await first(
    q.query<AnalysisRow>(
      `WITH u AS (
         UPDATE analyses SET status = $2, exchange_labels = $3, finished_at = now()
         WHERE id = $1 AND status = 'pending' AND manual_final_status AND worker_token IS NULL
               AND result IS NOT NULL
         RETURNING *, (result -> 'output')::jsonb AS output, ${notifyFinishedSql('id')}
       ), ${deliveriesCteSql('u', ACTIVE_WEBHOOKS)}
       SELECT * FROM u`,
      [row.id, status, exchangeLabels === undefined ? null : JSON.stringify(exchangeLabels)],
    ),
  );
  if (updated) return updated;
  if (!row.manual_final_status) {
    throw new ClientError(
      409,
      'NO_MANUAL_FINAL_STATUS',
      'This analysis was not created with a manual final status',
    );
  }
  if (row.status === 'pending' || row.status === 'waiting') {
    throw new ClientError(
      409,
      'ANALYSIS_NOT_READY',
      'The analysis is still being processed; try again once it waits for its status',
    );
  }
  throw new ClientError(409, 'ANALYSIS_FINISHED', `The analysis is already finished (${row.status})`, {
    params: { status: row.status },
  });
};

/** An analysis as the API shows it (the generic resource's fields). */
export const analysisRecord = (row: AnalysisRow) => ({
  id: row.id,
  environmentId: row.environment_id,
  name: row.name,
  inputType: row.input_type,
  status: row.status,
  filename: row.filename,
  size: row.size,
  manualFinalStatus: row.manual_final_status,
  error: row.error,
  errorMessage: row.error_message ?? null,
  durationMs: row.duration_ms,
  createdAt: row.created_at.toISOString(),
  startedAt: row.started_at?.toISOString() ?? null,
  finishedAt: row.finished_at?.toISOString() ?? null,
  anonymizedAt: row.anonymized_at?.toISOString() ?? null,
});

/**
 * The latest analyses of an environment whose reply step failed, newest first, with the step's first
 * error: what the replies page lists (spec pipeline §2 `replies`).
 */
export const replyErrors = (q: Queryable, environmentId: string, limit: number) =>
  q.query<{ id: string; name: string; at: Date; message: string | null; trace: TraceMessage | null }>(
    `SELECT a.id, a.name, coalesce(a.finished_at, a.created_at) AS at, step->'errors'->>0 AS message,
            step->'messages'->'errors'->0 AS trace
     FROM analyses a, json_array_elements(a.result->'trace') AS step
     WHERE a.environment_id = $1 AND a.status = 'error'
       AND step->>'step' = 'replyTemplate' AND step->>'status' = 'error'
     ORDER BY at DESC, a.id
     LIMIT $2`,
    [environmentId, limit],
  );

/** An analysis of the NLU labelling view (docs/decisions/nlu-labelling.md). */
export type LabellingRow = {
  id: string;
  name: string | null;
  created_at: Date;
  nlu_labelling: 'to_label' | 'labelled';
  nlu_verdicts: ('right' | 'wrong')[] | null;
};

const LABELLING_COLUMNS = 'id, name, created_at, nlu_labelling, nlu_verdicts';
const LABELLABLE = `environment_id = $1 AND nlu_labelling IS NOT NULL AND status = 'processed' AND anonymized_at IS NULL`;

/**
 * The newest analyses of an environment a labelling server read, and the counts over all of them:
 * how many are labelled, and their interactions' verdicts.
 */
export const listLabelling = async (q: Queryable, environmentId: string, limit: number) => {
  const [items, totals] = await Promise.all([
    q.query<LabellingRow>(
      `SELECT ${LABELLING_COLUMNS} FROM analyses WHERE ${LABELLABLE} ORDER BY created_at DESC, id LIMIT $2`,
      [environmentId, limit],
    ),
    first(
      q.query<{ analyses: string; labelled: string; right: string; wrong: string }>(
        `SELECT count(*) AS analyses, count(*) FILTER (WHERE nlu_labelling = 'labelled') AS labelled,
                coalesce(sum(v.right), 0) AS right, coalesce(sum(v.wrong), 0) AS wrong
           FROM analyses
           LEFT JOIN LATERAL (
             SELECT count(*) FILTER (WHERE e = '"right"') AS right, count(*) FILTER (WHERE e = '"wrong"') AS wrong
               FROM jsonb_array_elements(nlu_verdicts) AS e
           ) v ON nlu_labelling = 'labelled'
          WHERE ${LABELLABLE}`,
        [environmentId],
      ),
    ),
  ]);
  return {
    items,
    totals: {
      analyses: Number(totals?.analyses ?? 0),
      labelled: Number(totals?.labelled ?? 0),
      right: Number(totals?.right ?? 0),
      wrong: Number(totals?.wrong ?? 0),
    },
  };
};

/**
 * A qualifier's verdicts on the interactions of an analysis a labelling server read: one per
 * interaction, in their order. A verdict list of another length is refused; so is an analysis no
 * labelling server read (or not processed: its interactions are not final).
 */
export const labelAnalysis = async (
  q: Queryable,
  row: AnalysisRow,
  verdicts: ('right' | 'wrong')[],
  userId: string,
): Promise<LabellingRow> => {
  const labelled = await first(
    q.query<LabellingRow>(
      `UPDATE analyses a SET nlu_labelling = 'labelled', nlu_verdicts = $2::jsonb, labelled_at = now(), labelled_by = $3
        WHERE id = $1 AND nlu_labelling IS NOT NULL AND status = 'processed'
          AND json_array_length(result->'nlu'->'interactions') = jsonb_array_length($2::jsonb)
        RETURNING ${LABELLING_COLUMNS}`,
      [row.id, JSON.stringify(verdicts), userId],
    ),
  );
  if (labelled) return labelled;
  const now = await first(
    q.query<{ nlu_labelling: string | null; status: string; interactions: number | null }>(
      `SELECT nlu_labelling, status, json_array_length(result->'nlu'->'interactions') AS interactions
         FROM analyses WHERE id = $1`,
      [row.id],
    ),
  );
  if (!now?.nlu_labelling || now.status !== 'processed')
    throw new ClientError(409, 'NOT_LABELLING', 'No labelling NLU server read this analysis');
  throw new ClientError(
    400,
    'NLU_VERDICTS_MISMATCH',
    `The analysis has ${now.interactions ?? 0} interactions; ${verdicts.length} verdicts were given`,
    { params: { interactions: now.interactions ?? 0, verdicts: verdicts.length } },
  );
};
