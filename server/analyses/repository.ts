import { createHash, randomUUID } from 'node:crypto';
import type { AnalysisResult, AnalysisStatus, InputType } from '../../schemas/analysis-result';
import type { TraceMessage } from '../../schemas/trace-messages';
import { first, prepared, type Db, type Queryable } from '../kernel/db';
import { coalesce } from '../kernel/db/coalesce';
import { ClientError } from '../kernel/http/errors';
import { analysisJobSql, insertJobSql, queues, type AnalysisJob, type Queue } from '../kernel/queue';
import { ACTIVE_WEBHOOKS, deliveriesCteSql } from '../delivery/deliveries';
import { notifyFinishedSql, notifySubmittedSql } from '../kernel/signals';

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

export interface NewAnalysis {
  environmentId: string;
  name: string;
  inputType: InputType;
  file?: { filename: string; mime: string; bytes: Uint8Array };
  text?: string;
  metadata: Record<string, unknown>;
  manualFinalStatus: boolean;
  idempotencyKey?: string;
  createdBy?: string;
  accessKeyId?: string;
}

export const ALREADY_PROCESSING = () =>
  new ClientError(409, 'ANALYSIS_ALREADY_PROCESSING', 'The analysis is already being processed');
export const ANONYMIZED = () =>
  new ClientError(410, 'ANALYSIS_ANONYMIZED', 'This analysis was anonymized: it can no longer be opened');

/** What creating answers of the row: the record's columns (not the input text, which may be 25 MB). */
export const RECORD_COLUMNS = `id, environment_id, name, input_type, status, filename, size, manual_final_status,
  error, duration_ms, created_at, started_at, finished_at, anonymized_at`;

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

const sizeOf = (a: NewAnalysis) => a.file?.bytes.length ?? a.text?.length ?? 0;

/** The columns a new analysis is written with (its file's too), and their SQL types. */
const NEW_ANALYSIS_COLUMNS = [
  ['id', 'uuid'],
  ['environment_id', 'uuid'],
  ['name', 'text'],
  ['input_type', 'text'],
  ['filename', 'text'],
  ['mime', 'text'],
  ['size', 'int'],
  ['input_text', 'text'],
  ['metadata', 'jsonb'],
  ['manual_final_status', 'boolean'],
  ['created_by', 'uuid'],
  ['access_key_id', 'uuid'],
  ['blob_id', 'uuid'],
  ['base64', 'text'],
  ['sha256', 'text'],
] as const;

/**
 * A large text is written a megabyte at a time: each part by its own statement into a temporary
 * table, the event loop turning between them, then joined into the row by one statement, all in
 * the transaction that makes the row and its job. On PGlite each statement runs on the main thread,
 * and passing a text parameter costs about 30 ms per megabyte there (a 25 MB text in one statement
 * stalled the API about a second); appending each part to the row instead (`input_text || $2`)
 * rewrote the whole text each time, a statement growing with it (docs/performance.md, 'Large inputs').
 */
const TEXT_PART = 1_048_576;

/** `text` in parts of TEXT_PART characters at most, never cut between the two halves of a surrogate pair. */
export const textParts = (text: string, part = TEXT_PART): string[] => {
  const parts: string[] = [];
  for (let at = 0; at < text.length;) {
    let end = Math.min(text.length, at + part);
    const code = text.charCodeAt(end - 1);
    if (end < text.length && code >= 0xd800 && code <= 0xdbff) end -= 1;
    parts.push(text.slice(at, end));
    at = end;
  }
  return parts;
};

/** A statement answers in a microtask: without this, the event loop would not turn between them. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** Writes analysis `id`'s text from its parts, within the caller's transaction (see TEXT_PART). */
const writeTextParts = async (tx: Queryable, id: string, parts: string[]) => {
  await tx.query('CREATE TEMP TABLE analysis_text_parts (n int, part text) ON COMMIT DROP');
  for (const [n, part] of parts.entries()) {
    await nextTurn();
    await tx.query('INSERT INTO analysis_text_parts (n, part) VALUES ($1, $2)', [n, part]);
  }
  await nextTurn();
  await tx.query(
    `UPDATE analyses SET input_text = (SELECT string_agg(part, '' ORDER BY n) FROM analysis_text_parts)
     WHERE id = $1`,
    [id],
  );
};

/** A text written in parts (more than one): the row is first written without it. */
const partsOf = (a: NewAnalysis) => {
  const parts = a.text === undefined ? [] : textParts(a.text);
  return parts.length > 1 ? parts : undefined;
};

/**
 * One analysis's values, in NEW_ANALYSIS_COLUMNS order (the file as base64: see blobValues);
 * `text`: what the row is first written with (null when written in parts), its size the whole's.
 */
const newAnalysisValues = (a: NewAnalysis, text = a.text) => {
  const blob = a.file ? blobValues(a.environmentId, a.file.bytes) : undefined;
  return [
    randomUUID(),
    a.environmentId,
    a.name,
    a.inputType,
    a.file?.filename ?? null,
    a.file?.mime ?? null,
    sizeOf(a),
    text ?? null,
    JSON.stringify(a.metadata),
    a.manualFinalStatus,
    a.createdBy ?? null,
    a.accessKeyId ?? null,
    blob?.[0] ?? null,
    blob?.[2] ?? null,
    blob?.[4] ?? null,
  ];
};

/**
 * Analyses (without idempotency key) with their files and jobs, in one statement. `source` gives
 * the rows `x`: one array parameter per column for a batch, or one plain parameter per column for
 * a single large input — a driver escapes an array's strings one character at a time (1.4 s for a
 * 25 MB text, on the event loop), a plain parameter goes as it is.
 */
const insertAnalysesSql = (source: 'arrays' | 'one') => {
  const names = NEW_ANALYSIS_COLUMNS.map(([name]) => name).join(', ');
  const x =
    source === 'arrays'
      ? `SELECT * FROM unnest(${NEW_ANALYSIS_COLUMNS.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ')})
           AS x(${names})`
      : `SELECT ${NEW_ANALYSIS_COLUMNS.map(([name, type], i) => `$${i + 1}::${type} AS ${name}`).join(', ')}`;
  // One large input is not copied into a materialised CTE (read twice, by b and a): its
  // parameters are read where they are used, a copy fewer of a 25 MB text in the database's memory.
  return `
  WITH x AS ${source === 'one' ? 'NOT MATERIALIZED ' : ''}(${x}), b AS (
    INSERT INTO blobs (id, environment_id, bytes, size, sha256)
    SELECT blob_id, environment_id, decode(base64, 'base64'), size, sha256 FROM x WHERE blob_id IS NOT NULL
  ), a AS (
    INSERT INTO analyses (id, environment_id, name, input_type, filename, mime, size, input_text, metadata,
                          manual_final_status, created_by, access_key_id, queued_at, blob_id)
    SELECT id, environment_id, name, input_type, filename, mime, size, input_text, metadata,
           manual_final_status, created_by, access_key_id, now(), blob_id FROM x
    RETURNING ${RECORD_COLUMNS}
  ), j AS (${insertJobSql(queues.analysis, analysisJobSql('a'), 'a')})
  SELECT a.*, ${notifySubmittedSql} FROM a`;
};
const INSERT_ANALYSES = prepared('analyses_insert', insertAnalysesSql('arrays'));
const INSERT_ANALYSIS = insertAnalysesSql('one');

/** Inputs larger than this are written alone, with plain parameters (see insertAnalysesSql). */
const COALESCED_MAX_BYTES = 256 * 1024;

const inserters = new WeakMap<Db, (a: NewAnalysis) => Promise<AnalysisRow>>();
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

/** A blob row's values after the statement's first `offset` parameters: id, environment, base64 bytes, size, sha256. */
const BLOB_VALUES = (offset: number) =>
  `$${offset + 1}::uuid, $${offset + 2}, decode($${offset + 3}, 'base64'), $${offset + 4}, $${offset + 5}`;
const blobValues = (environmentId: string, bytes: Uint8Array) => [
  randomUUID(),
  environmentId,
  // Base64 both ways: PGlite decodes bytea parameters and columns byte by byte in JavaScript, 4×
  // slower; base64 is a third shorter than hex, and every byte costs in PGlite's protocol.
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64'),
  bytes.length,
  createHash('sha256').update(bytes).digest('hex'),
];

export const putBlob = async (q: Queryable, environmentId: string, bytes: Uint8Array): Promise<string> => {
  const values = blobValues(environmentId, bytes);
  await q.query(
    `INSERT INTO blobs (id, environment_id, bytes, size, sha256) VALUES (${BLOB_VALUES(0)})`,
    values,
  );
  return values[0] as string;
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
