/**
 * The one database interface the platform uses, over embedded PGlite or a PostgreSQL server.
 * SQL is written so that both accept it (PGlite is PostgreSQL 18, the system server 15); counts are
 * cast to int because pg returns bigint as a string.
 */
export type Row = Record<string, unknown>;

export interface Queryable {
  /** Runs one statement: SQL text, parsed and planned at each call, or a Prepared one. */
  query<T extends Row = Row>(statement: string | Prepared, params?: unknown[]): Promise<T[]>;
}

/**
 * A statement the database parses once per connection and then only executes: for the statements
 * of the analysis path, which run for every batch of emails. Parsing and planning one
 * was most of its cost: on PGlite, a status read of four analyses took 340–440 µs of CPU as text
 * and 100–150 µs prepared; on PostgreSQL a third of the server's time per email was planning
 * (docs/decisions/platform-prepared-statements.md). The text must be fixed (made once, at module load),
 * and each name has one text: a second text under a known name throws at once.
 *
 * @example
 * const TOUCH = prepared('analyses_touch', 'UPDATE analyses SET heartbeat_at = now() WHERE id = ANY($1::uuid[])');
 * await db.query(TOUCH, [ids]);
 */
export class Prepared {
  private static readonly texts = new Map<string, string>();

  constructor(
    readonly name: string,
    readonly text: string,
  ) {
    const known = Prepared.texts.get(name);
    if (known !== undefined && known !== text) throw new Error(`Two statements are prepared as ${name}`);
    Prepared.texts.set(name, text);
  }
}
export const prepared = (name: string, text: string) => new Prepared(name, text);

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** pg-boss's adapter: multi-statement text answers every statement's result, as pg does. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Row[] } | { rows: Row[] }[]>;
  /**
   * Hears the NOTIFY of `channel` (sent by any process on the database; delivered at the sending
   * transaction's commit). On PostgreSQL a connection of its own, opened again after a restart:
   * notifications sent while it was away are lost, so a listener must not depend on every one.
   * Answers how to stop listening.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * Whether writes are refused for want of disk space: PGlite's data folder has less free space
   * than its reserve (db/pglite.ts, "Disk full"). Undefined on PostgreSQL, whose disk is its
   * server's: a write there that finds it full fails with 53100 (disk_full), answered 507.
   */
  storageFull?(): boolean;
  close(): Promise<void>;
}

/**
 * A json or jsonb parameter given as the UTF-8 JSON of its array's elements. Both drivers bind it as
 * bytes, in its type's binary format (`boundValue`), so no large string is ever made of it: for a
 * batch of 256 analysis results (about 2 MB), building that string and then measuring its UTF-8
 * length cost more than serialising the results. A `json` one is only checked by the database, never
 * parsed into jsonb: the way for analysis results (migration 029).
 */
export class JsonArrayParam {
  constructor(
    readonly type: 'json' | 'jsonb',
    readonly elements: readonly Uint8Array[],
  ) {}

  /** The array's JSON as UTF-8 bytes, in its type's binary format. */
  bytes(): Buffer {
    // jsonb's binary format is a version byte (1), then the JSON text; json's is the text.
    const parts: Uint8Array[] = this.type === 'jsonb' ? [JSONB_BINARY_VERSION, OPEN] : [OPEN];
    this.elements.forEach((e, i) => {
      if (i) parts.push(COMMA);
      parts.push(e);
    });
    parts.push(CLOSE);
    return Buffer.concat(parts);
  }
}
const JSONB_BINARY_VERSION = Buffer.of(1);
const [OPEN, COMMA, CLOSE] = ['[', ',', ']'].map((c) => Buffer.from(c));

/** A parameter as both drivers bind it: a JSON array as its bytes (JsonArrayParam), others as they are. */
export const boundValue = (p: unknown) => (p instanceof JsonArrayParam ? p.bytes() : p);

/** The first row, or undefined. */
export const first = async <T extends Row>(q: Promise<T[]>): Promise<T | undefined> => (await q)[0];
