import type { Db } from './db';

/** An arbitrary constant beside migrate.ts's and seed.ts's: the work every process does once at its start. */
const START_LOCK = 727_003;

/**
 * Runs `fn` while no other process of the installation runs its own: on PostgreSQL, several API and
 * worker processes started at once on an empty database would otherwise create pg-boss's schema
 * and queues, or the stored signing secret, side by side, and all but one would stop on a
 * duplicate key or a deadlock (docs/security.md, "Several processes starting at once"). The lock is a transaction's,
 * held by one connection of the pool while `fn` works on the others; it ends with the transaction,
 * so a process that dies in the middle frees it. `fn` must be idempotent: the next process runs it
 * again and finds the work done. PGlite serves one process at a time (db/pglite.ts): no lock there.
 */
export const underStartLock = async <T>(db: Db, fn: () => Promise<T>): Promise<T> => {
  if (db.kind !== 'postgres') return fn();
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [START_LOCK]);
    return fn();
  });
};
