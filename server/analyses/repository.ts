import { createHash, randomUUID } from 'node:crypto';
import type { AnalysisResult, AnalysisStatus, InputType } from '../../schemas/analysis-result';
import { first, type Db, type Queryable } from '../db';
import { ClientError } from '../http/errors';
import { queues, type Queue } from '../queue';

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

/**
 * Creates an analysis and its queue job in one transaction: both exist, or neither. With an
 * idempotency key already used in the environment, nothing is created and the first analysis is
 * answered (`created: false`), even when both requests race.
 */
export const createAnalysis = async (
  db: Db,
  queue: Queue,
  a: NewAnalysis,
): Promise<{ row: AnalysisRow; created: boolean }> =>
  db.transaction(async (tx) => {
    const id = randomUUID();
    const inserted = await tx.query<{ id: string }>(
      `INSERT INTO analyses (id, environment_id, name, input_type, filename, mime, size, input_text,
                             metadata, manual_final_status, idempotency_key, created_by, access_key_id, queued_at)
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
        a.file?.bytes.length ?? a.text?.length ?? 0,
        a.text ?? null,
        JSON.stringify(a.metadata),
        a.manualFinalStatus,
        a.idempotencyKey ?? null,
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
    if (a.file) {
      const blobId = await putBlob(tx, a.environmentId, a.file.bytes);
      await tx.query('UPDATE analyses SET blob_id = $2 WHERE id = $1', [id, blobId]);
    }
    await queue.send(tx, queues.analysis, { analysisId: id });
    return { row: (await getAnalysis(tx, id))!, created: true };
  });

export const putBlob = async (q: Queryable, environmentId: string, bytes: Uint8Array): Promise<string> => {
  const id = randomUUID();
  // Hex both ways: PGlite decodes bytea parameters and columns byte by byte in JavaScript, 4× slower.
  await q.query(
    `INSERT INTO blobs (id, environment_id, bytes, size, sha256) VALUES ($1, $2, decode($3, 'hex'), $4, $5)`,
    [
      id,
      environmentId,
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex'),
      bytes.length,
      createHash('sha256').update(bytes).digest('hex'),
    ],
  );
  return id;
};

/** Files by id, read as hex (see putBlob). */
export const getBlobs = async (q: Queryable, ids: readonly string[]): Promise<Map<string, Uint8Array>> => {
  if (ids.length === 0) return new Map();
  const rows = await q.query<{ id: string; hex: string }>(
    `SELECT id, encode(bytes, 'hex') AS hex FROM blobs WHERE id = ANY($1::uuid[])`,
    [ids],
  );
  return new Map(rows.map((r) => [r.id, new Uint8Array(Buffer.from(r.hex, 'hex'))]));
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
       WHERE id = $1 AND status IN ('waiting', 'pending') RETURNING *`,
      [row.id],
    ),
  );
  if (!updated) {
    throw new ClientError(409, 'ANALYSIS_FINISHED', `The analysis is already finished (${row.status})`);
  }
  return updated;
};

/** Runs a finished analysis again, from its original input; refused while it runs or once anonymized. */
export const reanalyze = async (db: Db, queue: Queue, row: AnalysisRow): Promise<AnalysisRow> =>
  db.transaction(async (tx) => {
    if (row.anonymized_at) throw ANONYMIZED();
    const updated = await first(
      tx.query<AnalysisRow>(
        `UPDATE analyses SET status = 'waiting', result = NULL, error = NULL, finished_at = NULL,
                started_at = NULL, heartbeat_at = NULL, worker_token = NULL, duration_ms = NULL,
                exchange_labels = NULL, queued_at = now()
         WHERE id = $1 AND status IN ('processed', 'error', 'aborted') AND anonymized_at IS NULL
         RETURNING *`,
        [row.id],
      ),
    );
    if (!updated) throw ALREADY_PROCESSING();
    await queue.send(tx, queues.analysis, { analysisId: row.id });
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
      `UPDATE analyses SET status = $2, exchange_labels = $3, finished_at = now()
       WHERE id = $1 AND status = 'pending' AND manual_final_status AND worker_token IS NULL
             AND result IS NOT NULL
       RETURNING *`,
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
  throw new ClientError(409, 'ANALYSIS_FINISHED', `The analysis is already finished (${row.status})`);
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
  durationMs: row.duration_ms,
  createdAt: row.created_at.toISOString(),
  startedAt: row.started_at?.toISOString() ?? null,
  finishedAt: row.finished_at?.toISOString() ?? null,
  anonymizedAt: row.anonymized_at?.toISOString() ?? null,
});
