import { isStorageFull } from '../kernel/db/retry';
import type { Logger } from '../kernel/logger';

/** How long a claimed batch should take: long enough that its few statements cost little per analysis. */
const BATCH_TARGET_MS = 1000;
/** The most analyses claimed at once, whatever their speed. */
export const MAX_CLAIM = 256;
/** How long an idle worker, woken by a submission, lets others come before it claims (bench http). */
const GATHER_MS = 10;
/** How long an idle worker waits before it looks at the queue again. */
const POLL_MS = 500;
/** How long a stopping worker waits for its batch; past it, the batch's analyses go back by the stall sweep. */
const STOP_WAIT_MS = 10_000;

/**
 * How many analyses the next claim takes: as many as the last batches suggest are done in about
 * BATCH_TARGET_MS, never fewer than run side by side, never more than MAX_CLAIM. Emails taking a
 * fraction of a millisecond are claimed by the hundred (a claim and a write serve them all); files
 * taking seconds are claimed a few at a time, so that other workers share them and none waits in
 * a long batch.
 */
export const claimSizer = (min: number, max = Math.max(min, MAX_CLAIM)) => {
  let size = min;
  return {
    get size() {
      return size;
    },
    /** A batch of `count` analyses took `ms` of wall time. */
    record(count: number, ms: number) {
      const fitting = Math.floor((BATCH_TARGET_MS * count) / Math.max(1, ms));
      size = Math.min(max, Math.max(min, fitting));
    },
  };
};

/**
 * Runs `fn` on every item, at most `limit` at a time; answers the results in the items' order. The
 * analyses of a claim run a few side by side (their I/O overlaps), not all at once: memory and each
 * analysis's time limit stay those of `limit` analyses.
 */
export const mapLimited = async <T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>) => {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
};

/**
 * Takes the analysis queue's jobs in claims sized by claimSizer: `take(limit)` claims up to `limit`
 * analyses, runs them, and answers how many jobs it took. pg-boss's own `work` fetches a fixed
 * number, hence this loop. A failed claim is logged: the analyses' rows, not the jobs, say what is
 * left to do, and the stall sweep queues again what a failure left pending.
 */
export const startClaimLoop = (
  log: Logger,
  sideBySide: number,
  take: (limit: number) => Promise<number>,
  /**
   * Whether `wake` is called at each submission (analyses/signals.ts). Then the loop fetches again
   * after a batch only when told of a submission meanwhile or when the batch was full, instead of
   * asking an empty queue after every batch; a signal lost costs POLL_MS at most.
   */
  signalled = false,
) => {
  const sizer = claimSizer(sideBySide);
  let stopping = false;
  /** A submission was heard since the last fetch (or nothing says there was none). */
  let told = true;
  let endPause = () => {};
  const pause = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, POLL_MS);
      endPause = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  const loop = async () => {
    while (!stopping) {
      if (!told) {
        await pause();
        // Woken by a submission: the next few join it, so that a claim and a write serve several
        // analyses rather than the one statement that woke it.
        if (told) await new Promise((r) => setTimeout(r, GATHER_MS));
      }
      told = !signalled;
      const started = performance.now();
      const jobs = await take(sizer.size).catch((err: unknown) => {
        // A full disk is the operator's to fix, and /healthz says it: a warning, at each poll.
        if (isStorageFull(err))
          log.warn({ err: { code: '53100' } }, 'analysis claim refused: the disk is full');
        else log.error({ err }, 'analysis claim failed');
        return 0;
      });
      if (jobs === 0) {
        told = false;
        continue;
      }
      if (jobs >= sizer.size) told = true;
      sizer.record(jobs, performance.now() - started);
    }
  };
  const done = loop();
  return {
    /** Analyses were submitted: an idle loop looks at the queue now, a busy one after its batch. */
    wake: () => {
      told = true;
      endPause();
    },
    /** Ends the loop after its batch (waiting STOP_WAIT_MS at most). */
    stop: async () => {
      stopping = true;
      endPause();
      await Promise.race([done, new Promise((r) => setTimeout(r, STOP_WAIT_MS).unref())]);
    },
  };
};
