import { prepared, type Prepared, type Queryable } from '../kernel/db';
import { coalesce } from '../kernel/db/coalesce';
import { RECORD_COLUMNS } from './analysis-inserts';
import type { AnalysisRow } from './repository';

/** What a status read selects: the record's columns and whether the result is there, never the result. */
const STATUS_COLUMNS = `${RECORD_COLUMNS},
  (status = 'pending' AND manual_final_status AND worker_token IS NULL AND result IS NOT NULL) AS awaiting_final_status`;

/** Reads of analyses by id ($1), for the status and for the whole record. */
const readById = (name: string, columns: string) =>
  prepared(name, `SELECT ${columns} FROM analyses WHERE id = ANY($1::uuid[])`);
const READ_STATUS = readById('public_analyses_status', STATUS_COLUMNS);
// The stored result's JSON goes out as the database gives it: never parsed and printed again here.
const READ_RESULT = readById(
  'public_analyses_result',
  `${STATUS_COLUMNS}, exchange_labels, result::text AS result_json`,
);

export type StatusRow = AnalysisRow & { awaiting_final_status: boolean };
export type ResultRow = StatusRow & { result_json: string | null };

/**
 * Reads of rows by id for the public API, the concurrent ones of many clients in one statement
 * (kernel/db/coalesce.ts): clients polling or waiting on their analyses are most of this API's calls.
 * A row of another environment than the key's is not found.
 */
export const publicAnalysisReads = (db: Queryable) => {
  const reader = <R extends StatusRow>(statement: Prepared) => {
    const read = coalesce(async (ids: string[]) => {
      const rows = await db.query<R>(statement, [ids]);
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.map((id) => byId.get(id));
    });
    return async (id: string, environmentId: string) => {
      const row = await read(id);
      return row?.environment_id === environmentId ? row : undefined;
    };
  };
  return { readStatus: reader<StatusRow>(READ_STATUS), readResult: reader<ResultRow>(READ_RESULT) };
};
