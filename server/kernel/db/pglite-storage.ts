// PGlite's disk: the watch of the data folder's free space that turns the database read-only below
// its reserve, the checkpoints single-user PostgreSQL never asks for, and the exit after a PANIC.
import fs from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import type { Logger } from '../logger';

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
export const storageFullError = (cause: unknown) =>
  Object.assign(
    new Error('The embedded database is read-only: its data folder has no disk space left', { cause }),
    { code: '53100' },
  );

/**
 * PostgreSQL's log lines (its stderr). After a PANIC the instance is gone (see STORAGE_RESERVE_BYTES):
 * nothing but a new process can serve the data folder again, and PGlite would spin on its next
 * statement, synchronously, so this is the last moment the process can act. It says why and
 * exits, for its supervisor to start it again; at that start PostgreSQL replays its WAL (crash
 * recovery), and what was committed stays.
 */
export const exitOnPanic = (line: string): boolean => {
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
export const watchStorage = (
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
