// PGlite, the embedded PostgreSQL: opening it in a folder that one process holds, its serialisers
// and buffer cache, and the Db it answers. Its disk watch is in pglite-storage.ts, its prepared
// statements in pglite-prepared.ts.
import fs from 'node:fs';
import path from 'node:path';
import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Logger } from '../logger';
import { boundValue, Prepared, type Db, type Queryable, type Row } from './db';
import { preparedRunner } from './pglite-prepared';
import {
  CHECKPOINT_WAL_BYTES,
  exitOnPanic,
  STORAGE_RESERVE_BYTES,
  storageFullError,
  watchStorage,
} from './pglite-storage';
import { isStorageFull } from './retry';
import { startVacuum } from './vacuum';

/**
 * Bytes are bound as they are, in PostgreSQL's binary format, as the PostgreSQL driver does:
 * PGlite's own serialisers would turn a bytea into a hex string through an array of strings, and
 * a json or jsonb into text that it then measures character by character and encodes again. A
 * batch of results is a few megabytes (JsonArrayParam), so that was a tenth of an analysis's CPU
 * through the queue (docs/decisions/queue-pipeline-threads.md). Other values keep PGlite's serialisers.
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

export interface PgliteOptions {
  /** Free bytes under which the database turns read-only (default STORAGE_RESERVE_BYTES; 0: never). */
  storageReserveBytes?: number;
  /** WAL since the last checkpoint that makes the next one (default CHECKPOINT_WAL_BYTES). */
  checkpointWalBytes?: number;
}

/**
 * Embedded PostgreSQL (PGlite) in a folder. It serves one process: a lock file says which, so a
 * second process on the same folder stops with a clear message instead of corrupting the data.
 * `dataDir` undefined = in memory (tests).
 */
export const openPglite = async (
  dataDir: string | undefined,
  log?: Pick<Logger, 'warn' | 'info'>,
  {
    storageReserveBytes = STORAGE_RESERVE_BYTES,
    checkpointWalBytes = CHECKPOINT_WAL_BYTES,
  }: PgliteOptions = {},
): Promise<Db> => {
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
      onStderr: exitOnPanic,
    });
  } catch (err) {
    release();
    throw err;
  }
  const storage = dataDir
    ? watchStorage(pg, dataDir, { reserveBytes: storageReserveBytes, checkpointWalBytes }, log)
    : undefined;
  // A start on a full disk is read-only from its first statement.
  await storage?.check();
  /** A write refused by the read-only switch (25006) is the disk's fault: said so, as 53100. */
  const guarded = async <T>(work: Promise<T>): Promise<T> => {
    try {
      return await work;
    } catch (err) {
      if (storage?.full && (err as { code?: unknown }).code === '25006') throw storageFullError(err);
      if (isStorageFull(err)) void storage?.check();
      throw err;
    }
  };
  const runPrepared = preparedRunner(pg);
  const wrap = (q: PGlite | Transaction): Queryable => ({
    query: <T extends Row>(statement: string | Prepared, params?: unknown[]) =>
      guarded(
        (async () => {
          if (!(statement instanceof Prepared))
            return (await q.query<T>(statement, params?.map(boundValue))).rows;
          // As PGlite's own statements of a transaction, none after its end.
          if (q !== pg && (q as Transaction).closed) throw new Error('Transaction is closed');
          return runPrepared<T>(statement, params ?? [], q !== pg);
        })(),
      ),
  });
  const outside = wrap(pg);
  // Single-user mode has no autovacuum (db/vacuum.ts).
  const vacuum = startVacuum(outside, log);
  return {
    kind: 'pglite',
    ...outside,
    transaction: (fn) => guarded(pg.transaction((tx) => fn(wrap(tx)))),
    executeSql: (text, values) =>
      guarded(
        (async () => {
          if (values && values.length > 0) return { rows: (await pg.query<Row>(text, values)).rows };
          const results = await pg.exec(text);
          const mapped = results.map((r) => ({ rows: r.rows as Row[] }));
          return mapped.length === 1 ? mapped[0] : mapped;
        })(),
      ),
    storageFull: () => storage?.full ?? false,
    listen: async (channel, onPayload) => {
      const unlisten = await pg.listen(channel, onPayload);
      return () => unlisten();
    },
    close: async () => {
      await storage?.stop();
      await vacuum.stop();
      await pg.close();
      release();
    },
  };
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
