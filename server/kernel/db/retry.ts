/**
 * What a lost database connection looks like, and how work waits for the database to come back
 * (docs/decisions/platform-database-restarts.md). A PostgreSQL restart ends every connection with 57P01
 * (admin_shutdown), refuses new ones while it stops and starts (ECONNREFUSED, 57P03), and then
 * accepts them again; the pg pool opens new connections by itself, so waiting and trying again is
 * all a caller has to do. PGlite is embedded: it never loses its connection.
 */

import type { ErrorCode } from '../../../schemas/error-codes';

/** SQLSTATEs of a connection that ended or cannot be made now, not of a statement at fault. */
const CONNECTION_SQLSTATES = new Set([
  '57P01', // admin_shutdown: the server stops or the backend was terminated
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the server is starting up or shutting down
  '53300', // too_many_connections: every process reconnecting at once
]);

/** Socket errors of a server that is away (restarting, failing over, unreachable a moment). */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/** pg's own messages, which carry no code. */
const MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /is not queryable/,
  // ALTER DATABASE … ALLOW_CONNECTIONS false (maintenance, and the fault test's outage)
  /is not currently accepting connections/,
];

/**
 * Whether `err` says that the database is unreachable for now (connection lost or refused), so
 * that the same work may succeed once it is back. Statement errors (a constraint, a syntax error, a
 * serialization failure) are not. pg throws these errors as they are; an error that only carries
 * one as its `cause` (`fetch failed` from an LLM or speech endpoint) is not the database's.
 */
export const isConnectionError = (err: unknown): boolean => {
  if (!err || typeof err !== 'object') return false;
  const { code, message } = err as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (CONNECTION_SQLSTATES.has(code) || code.startsWith('08') || SOCKET_CODES.has(code)) return true;
  }
  return typeof message === 'string' && MESSAGES.some((m) => m.test(message));
};

/**
 * The API's answer while the database is away: 503, which a client retries
 * (docs/decisions/platform-database-restarts.md).
 */
export const DATABASE_UNAVAILABLE = {
  status: 503,
  code: 'DATABASE_UNAVAILABLE' satisfies ErrorCode,
  message: 'The database is unavailable for the moment. Please retry shortly.',
  retryAfterSeconds: 5,
} as const;

/**
 * Whether `err` says that the database's disk is full: PostgreSQL's SQLSTATE 53100 (disk_full, "could
 * not extend file … No space left on device", on PostgreSQL and PGlite alike) or a file write that
 * failed with ENOSPC. Retrying at once would fail the same way; the client retries once an
 * operator freed space (docs/security.md, "Disk full").
 */
export const isStorageFull = (err: unknown): boolean => {
  if (!err || typeof err !== 'object') return false;
  const { code } = err as { code?: unknown };
  return code === '53100' || code === 'ENOSPC';
};

/** The API's answer to a write while the database's disk is full: 507 Insufficient Storage. */
export const STORAGE_FULL = {
  status: 507,
  code: 'STORAGE_FULL' satisfies ErrorCode,
  message: 'The database has no disk space left: writes are refused until space is freed. Reads still work.',
  retryAfterSeconds: 60,
} as const;

export interface RetryOptions {
  /** What is retried, for the log. */
  what: string;
  /** Give up (throwing the last error) once this long has passed since the first try. */
  maxMs?: number;
  /** The first wait; each next one doubles, up to `maxDelayMs`. */
  firstDelayMs?: number;
  maxDelayMs?: number;
  log?: { warn(obj: object, msg: string): void };
}

/** How long in-flight work waits for the database by default: a restart takes seconds. */
export const RETRY_MAX_MS = 60_000;

/**
 * Runs `fn`, and again with exponential backoff while it fails with a connection error, for
 * `maxMs` at most; any other error, and the last connection error, are thrown. `fn` must be safe
 * to run again: a statement whose connection broke was rolled back, except in the rare case where
 * the commit was done and only its answer lost, so `fn` must find its work done and not do it twice.
 *
 * @example
 * const rows = await retryOnConnectionError(() => db.query(sql, params), { what: 'analysis claim', log });
 */
export const retryOnConnectionError = async <T>(
  fn: () => Promise<T>,
  { what, maxMs = RETRY_MAX_MS, firstDelayMs = 100, maxDelayMs = 5000, log }: RetryOptions,
): Promise<T> => {
  const deadline = Date.now() + maxMs;
  for (let delay = firstDelayMs, attempt = 1; ; delay = Math.min(maxDelayMs, delay * 2), attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (!isConnectionError(err) || Date.now() + delay > deadline) throw err;
      log?.warn(
        { err: { code: (err as { code?: string }).code, message: (err as Error).message }, attempt, delay },
        `${what}: the database is unavailable, trying again in ${delay} ms`,
      );
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
};

type Refusal = typeof DATABASE_UNAVAILABLE | typeof STORAGE_FULL;

const refuse =
  (refusal: Refusal, logLine: string) =>
  (
    request: { log: { warn(obj: object, msg: string): void } },
    reply: { status(code: number): { header(name: string, value: string): { send(body: object): unknown } } },
    err: unknown,
  ) => {
    request.log.warn(
      { err: { code: (err as { code?: string }).code, message: (err as Error).message } },
      logLine,
    );
    return reply
      .status(refusal.status)
      .header('retry-after', String(refusal.retryAfterSeconds))
      .send({ message: refusal.message, code: refusal.code });
  };

/**
 * Answers a request that failed because the database is away: 503 DATABASE_UNAVAILABLE with
 * Retry-After, logged as a warning (the process itself keeps running and reconnects).
 */
export const databaseUnavailable = refuse(DATABASE_UNAVAILABLE, 'database unavailable');

/** Answers a request whose write failed because the database's disk is full: 507 STORAGE_FULL. */
export const storageFull = refuse(STORAGE_FULL, 'database disk full: write refused');
