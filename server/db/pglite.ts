import fs from 'node:fs';
import path from 'node:path';
import { parse, PGlite, protocol, types, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Logger } from '../logger';
import { boundValue, Prepared, type Db, type Queryable, type Row } from './db';
import { startVacuum } from './vacuum';

/**
 * Bytes are bound as they are, in PostgreSQL's binary format, as the PostgreSQL driver does:
 * PGlite's own serialisers would turn a bytea into a hex string through an array of strings, and
 * a json or jsonb into text that it then measures character by character and encodes again. A
 * batch of results is a few megabytes (JsonArrayParam), so that was a tenth of an analysis's CPU
 * through the queue (docs/decisions.md "Pipeline threads"). Other values keep PGlite's serialisers.
 */
const asBytes =
  (fallback: (value: unknown) => string) =>
  (value: unknown): string =>
    (value instanceof Uint8Array ? value : fallback(value)) as string;
const serializers = {
  [types.JSON]: asBytes(types.serializers[types.JSON]),
  [types.JSONB]: asBytes(types.serializers[types.JSONB]),
  [types.BYTEA]: asBytes(types.serializers[types.BYTEA]),
};

/**
 * PostgreSQL's buffer cache inside PGlite. The server's default, 128 MB, is set up at every start:
 * about 3.3 ms per MB here, 0.4 s of each start to /healthz. 32 MB holds the hot pages of this
 * single-process database (the files themselves stay in the operating system's cache).
 */
const SHARED_BUFFERS = '32MB';

/**
 * Embedded PostgreSQL (PGlite) in a folder. It serves one process: a lock file says which, so a
 * second process on the same folder stops with a clear message instead of corrupting the data.
 * `dataDir` undefined = in memory (tests).
 */
export const openPglite = async (dataDir: string | undefined, log?: Pick<Logger, 'warn'>): Promise<Db> => {
  const release = dataDir ? lockDataDir(dataDir) : () => undefined;
  let pg: PGlite;
  try {
    // pg_trgm: trigram indexes for the `q` search of document resources (resources/document-indexes.ts).
    const extensions = { pg_trgm };
    const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`];
    pg = await PGlite.create({
      ...(dataDir ? { dataDir: path.join(dataDir, 'pg') } : {}),
      extensions,
      startParams,
      serializers,
    });
  } catch (err) {
    release();
    throw err;
  }
  const runPrepared = preparedRunner(pg);
  const wrap = (q: PGlite | Transaction): Queryable => ({
    query: async <T extends Row>(statement: string | Prepared, params?: unknown[]) => {
      if (!(statement instanceof Prepared))
        return (await q.query<T>(statement, params?.map(boundValue))).rows;
      // As PGlite's own statements of a transaction, none after its end.
      if (q !== pg && (q as Transaction).closed) throw new Error('Transaction is closed');
      return runPrepared<T>(statement, params ?? [], q !== pg);
    },
  });
  const outside = wrap(pg);
  // Single-user mode has no autovacuum (db/vacuum.ts).
  const vacuum = startVacuum(outside, log);
  return {
    kind: 'pglite',
    ...outside,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    executeSql: async (text, values) => {
      if (values && values.length > 0) return { rows: (await pg.query<Row>(text, values)).rows };
      const results = await pg.exec(text);
      const mapped = results.map((r) => ({ rows: r.rows as Row[] }));
      return mapped.length === 1 ? mapped[0] : mapped;
    },
    listen: async (channel, onPayload) => {
      const unlisten = await pg.listen(channel, onPayload);
      return () => unlisten();
    },
    close: async () => {
      await vacuum.stop();
      await pg.close();
      release();
    },
  };
};

/**
 * Runs Prepared statements on `pg`, each parsed once under its name (PGlite's own `query` parses
 * and plans every statement again, unnamed). The messages of an execution go to the database in
 * one buffer, as a client's would on a socket: bind, describe, execute and sync. The statements run
 * under PGlite's locks as its own queries do: outside a transaction, after any transaction in
 * progress, and then written to the data folder; inside one, as one of its statements.
 */
const preparedRunner = (pg: PGlite) => {
  /** The parameter types of each statement parsed on this database. */
  const parsed = new Map<string, number[]>();
  const { serialize } = protocol;
  const quiet = { syncToFs: false };

  const execute = async <T extends Row>(statement: Prepared, params: unknown[]): Promise<T[]> => {
    const { name, text } = statement;
    let paramTypes = parsed.get(name);
    if (!paramTypes) {
      const described = await pg.execProtocolStream(
        Buffer.concat([
          serialize.parse({ name, text }),
          serialize.describe({ type: 'S', name }),
          serialize.sync(),
        ]),
        quiet,
      );
      paramTypes = parse.parseDescribeStatementResults(described);
      parsed.set(name, paramTypes);
    }
    const values = params.map((p, i) => {
      if (p === null || p === undefined) return null;
      const serializer = pg.serializers[paramTypes[i]];
      return serializer ? serializer(boundValue(p)) : String(p);
    });
    const messages = await pg.execProtocolStream(
      Buffer.concat([
        serialize.bind({ statement: name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      quiet,
    );
    return (parse.parseResults(messages, pg.parsers)[0]?.rows ?? []) as T[];
  };

  return <T extends Row>(statement: Prepared, params: unknown[], inTransaction: boolean) =>
    inTransaction
      ? pg._runExclusiveQuery(() => execute<T>(statement, params))
      : pg._runExclusiveTransaction(() =>
          pg._runExclusiveQuery(async () => {
            const rows = await execute<T>(statement, params);
            await pg.syncToFs();
            return rows;
          }),
        );
};

const lockDataDir = (dataDir: string): (() => void) => {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'process.lock');
  try {
    const holder = Number.parseInt(fs.readFileSync(lockFile, 'utf8'), 10);
    if (holder && holder !== process.pid && isAlive(holder)) {
      throw new Error(
        `DATA_DIR ${dataDir} is in use by process ${holder}. The embedded database serves one process; ` +
          'stop it, or run several processes against PostgreSQL (DATABASE_URL).',
      );
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  fs.writeFileSync(lockFile, String(process.pid));
  return () => fs.rmSync(lockFile, { force: true });
};

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};
