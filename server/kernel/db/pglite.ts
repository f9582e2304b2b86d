import fs from 'node:fs';
import path from 'node:path';
import { parse, PGlite, protocol, types, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Logger } from '../logger';
import { boundValue, Prepared, type Db, type Queryable, type Row } from './db';
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

/**
 * Disk full (docs/security.md, "Disk full"). PostgreSQL writes its WAL in segments of 16 MB, each
 * made whole when the one before is used up, inside a critical section: a segment that cannot be
 * written is a PANIC. A server restarts after one; PGlite's WebAssembly instance aborts, and its
 * next statement then loops for ever inside PGlite on the event loop, the process answering
 * nothing. So the process watches the data folder's free space and, below this reserve (a WAL
 * segment, plus room for what is written between two checks: a few requests of BODY_LIMIT_BYTES,
 * a batch of results), turns the database read-only: writes fail (answered 507 STORAGE_FULL),
 * reads go on, /healthz says 503 STORAGE_FULL, and writes resume once space is back.
 */
export const STORAGE_RESERVE_BYTES = 64 * 1024 * 1024;
const STORAGE_CHECK_MS = 1000;
/**
 * PostgreSQL asks for a checkpoint once max_wal_size of WAL was written, but only under a
 * postmaster: in PGlite's single-user mode none ever came, and pg_wal grew by every byte written
 * until the process stopped (1.6 GB of WAL for 1.5 GB of texts, measured). So the process makes one
 * past this much WAL since the last: old segments are then recycled as the next ones (already
 * made, so the WAL needs no new file). It holds the event loop for its flush of shared_buffers,
 * 0.25 to 0.45 s measured here, once per 256 MB written (docs/decisions/hardening-disk-full.md).
 */
export const CHECKPOINT_WAL_BYTES = 256 * 1024 * 1024;
const WAL_SINCE_CHECKPOINT = `SELECT (pg_current_wal_lsn() - redo_lsn)::float8 AS bytes FROM pg_control_checkpoint()`;
/** Exit status after a PANIC of the embedded database: the process must be started again. */
export const PANIC_EXIT_CODE = 70;

/** The error a write gets while the data folder is below its reserve: 53100, as PostgreSQL's own. */
const storageFullError = (cause: unknown) =>
  Object.assign(
    new Error('The embedded database is read-only: its data folder has no disk space left', { cause }),
    { code: '53100' },
  );

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

/**
 * PostgreSQL's log lines (its stderr). After a PANIC the instance is gone (see STORAGE_RESERVE_BYTES):
 * nothing but a new process can serve the data folder again, and PGlite would spin on its next
 * statement, synchronously, so this is the last moment the process can act. It says why and
 * exits, for its supervisor to start it again; at that start PostgreSQL replays its WAL (crash
 * recovery), and what was committed stays.
 */
const exitOnPanic = (line: string): boolean => {
  const panic = /\bPANIC:\s+(.*)$/.exec(line);
  if (panic || line.startsWith('Aborted(')) {
    const reason = panic?.[1] ?? line;
    const message =
      `The embedded database stopped (PANIC: ${reason}). ` +
      (/No space left on device/.test(reason)
        ? 'The data folder (DATA_DIR) is full: free some space. '
        : '') +
      `Exiting with status ${PANIC_EXIT_CODE} so that the process is started again; ` +
      'its data is recovered from the write-ahead log at the next start.';
    // Synchronous: the event loop will not turn again.
    fs.writeSync(2, `${JSON.stringify({ level: 60, time: Date.now(), pid: process.pid, msg: message })}\n`);
    process.exit(PANIC_EXIT_CODE);
  }
  return false;
};

/**
 * Watches the free space of `dataDir`'s file system every STORAGE_CHECK_MS (and at once when a
 * write failed for want of it): below `reserveBytes` the session turns read-only
 * (default_transaction_read_only, so that every transaction after it refuses to write, whoever
 * runs it: the API, the workers, pg-boss, the vacuum), and back once there is room again.
 */
const watchStorage = (
  pg: PGlite,
  dataDir: string,
  { reserveBytes, checkpointWalBytes }: { reserveBytes: number; checkpointWalBytes: number },
  log?: Pick<Logger, 'warn' | 'info'>,
) => {
  let full = false;
  let round: Promise<void> | undefined;
  const check = () =>
    (round ??= (async () => {
      const stats = await fs.promises.statfs(dataDir);
      const freeBytes = stats.bavail * stats.bsize;
      const low = freeBytes < reserveBytes;
      if (low === full) {
        // No checkpoint on a full disk: its own WAL record could need a segment there is no room for.
        if (!low) await checkpointDue(pg, checkpointWalBytes, log);
        return;
      }
      await pg.exec(`SET default_transaction_read_only = ${low ? 'on' : 'off'}`);
      full = low;
      const detail = { dataDir, freeBytes, reserveBytes };
      if (low) log?.warn(detail, 'data folder almost full: the embedded database refuses writes');
      else log?.info(detail, 'data folder has room again: the embedded database writes again');
    })()
      .catch((err: unknown) => log?.warn({ err }, 'could not check the free space of the data folder'))
      .finally(() => (round = undefined)));
  const timer = setInterval(() => void check(), STORAGE_CHECK_MS);
  timer.unref();
  return {
    get full() {
      return full;
    },
    check,
    stop: async () => {
      clearInterval(timer);
      await round;
    },
  };
};

/** A checkpoint when `walBytes` of WAL were written since the last one (CHECKPOINT_WAL_BYTES). */
const checkpointDue = async (pg: PGlite, walBytes: number, log?: Pick<Logger, 'info'>) => {
  const [{ bytes }] = (await pg.query<{ bytes: number }>(WAL_SINCE_CHECKPOINT)).rows;
  if (bytes < walBytes) return;
  const started = performance.now();
  await pg.exec('CHECKPOINT');
  log?.info({ walBytes: bytes, ms: Math.round(performance.now() - started) }, 'embedded database checkpoint');
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
