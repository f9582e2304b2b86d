/**
 * The one database interface the platform uses, over embedded PGlite or a PostgreSQL server.
 * SQL is written so that both accept it (PGlite is PostgreSQL 18, the system server 15); counts are
 * cast to int because pg returns bigint as a string.
 */
export type Row = Record<string, unknown>;

export interface Queryable {
  query<T extends Row = Row>(text: string, params?: unknown[]): Promise<T[]>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** pg-boss's adapter: multi-statement text answers every statement's result, as pg does. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Row[] } | { rows: Row[] }[]>;
  close(): Promise<void>;
}

/** The first row, or undefined. */
export const first = async <T extends Row>(q: Promise<T[]>): Promise<T | undefined> => (await q)[0];
