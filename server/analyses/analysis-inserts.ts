// The statements that write new analyses: the row, its file and its queue job in one statement
// (for a batch of analyses submitted together, or a large input alone), a large text in parts, a
// file as a blob. createAnalysis and its inserter (repository.ts) run them.
import { createHash, randomUUID } from 'node:crypto';
import type { InputType } from '../../schemas/analysis-result';
import { prepared, type Queryable } from '../kernel/db';
import { analysisJobSql, insertJobSql, queues } from '../kernel/queue';
import { notifySubmittedSql } from '../kernel/signals';

/** An analysis to create: its input, its settings, and who submits it. */
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

/** What creating answers of the row: the record's columns (not the input text, which may be 25 MB). */
export const RECORD_COLUMNS = `id, environment_id, name, input_type, status, filename, size, manual_final_status,
  error, duration_ms, created_at, started_at, finished_at, anonymized_at`;

/** An input's size: its file's bytes, or its text's characters. */
export const sizeOf = (a: NewAnalysis) => a.file?.bytes.length ?? a.text?.length ?? 0;

/** The columns a new analysis is written with (its file's too), and their SQL types. */
export const NEW_ANALYSIS_COLUMNS = [
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
export const writeTextParts = async (tx: Queryable, id: string, parts: string[]) => {
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
export const partsOf = (a: NewAnalysis) => {
  const parts = a.text === undefined ? [] : textParts(a.text);
  return parts.length > 1 ? parts : undefined;
};

/**
 * One analysis's values, in NEW_ANALYSIS_COLUMNS order (the file as base64: see blobValues);
 * `text`: what the row is first written with (null when written in parts), its size the whole's.
 */
export const newAnalysisValues = (a: NewAnalysis, text = a.text) => {
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
/** The insert of a batch of analyses (array parameters), and of one large input (plain parameters). */
export const INSERT_ANALYSES = prepared('analyses_insert', insertAnalysesSql('arrays'));
export const INSERT_ANALYSIS = insertAnalysesSql('one');

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

/** Writes a file as a blob row; answers its id. */
export const putBlob = async (q: Queryable, environmentId: string, bytes: Uint8Array): Promise<string> => {
  const values = blobValues(environmentId, bytes);
  await q.query(
    `INSERT INTO blobs (id, environment_id, bytes, size, sha256) VALUES (${BLOB_VALUES(0)})`,
    values,
  );
  return values[0] as string;
};
