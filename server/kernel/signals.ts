import type { Db, Queryable } from './db';
import type { Logger } from './logger';

/**
 * Two signals between the processes of a platform, as PostgreSQL NOTIFY (PGlite has it too, in its
 * one process), so that nothing waits on a timer:
 * - `analysis_submitted`, sent by the transaction that queues an analysis: the analysis workers'
 *   claim loops look at the queue at once instead of at their next poll;
 * - `analysis_finished` (payload: the analysis id), sent by the statement that ends one: the
 *   public API's status reads that wait (`?wait=`) answer at once.
 * A NOTIFY is delivered when its transaction commits, never before: a woken reader sees the row.
 * Losing one (a listening connection away during a database restart) costs time, not results: a
 * claim loop polls anyway, and a waiting read answers the row's status at its deadline.
 */
export const SUBMITTED = 'analysis_submitted';
export const FINISHED = 'analysis_finished';

/** SQL for a RETURNING list or a SELECT: tells waiting readers that the analysis `idColumn` ended. */
export const notifyFinishedSql = (idColumn: string) => `pg_notify('${FINISHED}', ${idColumn}::text)`;

/** SQL for a RETURNING list or a SELECT: wakes the claim loops when the statement's transaction commits. */
export const notifySubmittedSql = `pg_notify('${SUBMITTED}', '')`;

/** Inside the transaction that queued analyses: wakes the claim loops at its commit. */
export const notifySubmitted = (tx: Queryable) => tx.query(`SELECT ${notifySubmittedSql}`);

export interface AnalysisSignals {
  /** Calls `fn` at each submission (wakes the claim loop of this process's worker). */
  onSubmitted(fn: () => void): void;
  /**
   * Resolves when the analysis `id` ends, or after `ms`; whichever is first. Register before
   * reading the row, so that an end between the read and the wait is not missed.
   */
  finished(id: string, ms: number): { done: Promise<void>; cancel(): void };
  stop(): Promise<void>;
}

/** Listens to both signals on `db`; `roles` says which this process needs. */
export const startAnalysisSignals = async (
  db: Db,
  log: Logger,
  roles: { api: boolean; worker: boolean },
): Promise<AnalysisSignals> => {
  const submittedFns: (() => void)[] = [];
  const waiters = new Map<string, Set<() => void>>();
  const stops: (() => Promise<void>)[] = [];
  if (roles.worker) {
    stops.push(await db.listen(SUBMITTED, () => submittedFns.forEach((fn) => fn())));
  }
  if (roles.api) {
    stops.push(
      await db.listen(FINISHED, (id) => {
        const set = waiters.get(id);
        if (!set) return;
        waiters.delete(id);
        for (const resolve of set) resolve();
      }),
    );
  }
  log.debug({ roles }, 'analysis signals listening');
  return {
    onSubmitted: (fn) => submittedFns.push(fn),
    finished: (id, ms) => {
      let resolve!: () => void;
      const done = new Promise<void>((r) => (resolve = r));
      const timer = setTimeout(() => cancel(), ms);
      const wake = () => {
        clearTimeout(timer);
        resolve();
      };
      const cancel = () => {
        const set = waiters.get(id);
        set?.delete(wake);
        if (set?.size === 0) waiters.delete(id);
        wake();
      };
      const set = waiters.get(id) ?? new Set();
      set.add(wake);
      waiters.set(id, set);
      return { done, cancel };
    },
    stop: async () => {
      for (const stop of stops) await stop();
      for (const set of waiters.values()) for (const resolve of set) resolve();
      waiters.clear();
    },
  };
};
