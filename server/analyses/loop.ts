import { isStorageFull } from '../kernel/db/retry';
import type { Logger } from '../kernel/logger';

/** How long an idle worker, woken by a submission, lets others come before it claims (bench http). */
const GATHER_MS = 10;
/** How long a worker with room waits before it looks at the queue again. */
const POLL_MS = 500;
/** How long a stopping worker waits for its analyses; past it, they go back by the stall sweep. */
const STOP_WAIT_MS = 10_000;
/** The prefetch: the analyses the slots end in this time, claimed ahead of them (see startClaimLoop). */
const PREFETCH_MS = 50;
/** The most analyses claimed ahead, whatever their speed. */
export const MAX_PREFETCH = 256;

/**
 * How many analyses to claim ahead of the slots: as many as they end in PREFETCH_MS, by the mean
 * wall time of the last analyses; none when that is fewer than the slots (analyses of tens of
 * milliseconds and more, whose claims already serve several each), never more than MAX_PREFETCH.
 */
export const prefetchSizer = (slots: number) => {
  let meanMs: number | undefined;
  return {
    get size() {
      if (meanMs === undefined) return 0;
      const ahead = Math.floor((PREFETCH_MS * slots) / Math.max(0.01, meanMs));
      return ahead < slots ? 0 : Math.min(MAX_PREFETCH, ahead);
    },
    /** An analysis took `ms` of wall time. */
    record(ms: number) {
      meanMs = meanMs === undefined ? ms : meanMs * 0.9 + ms * 0.1;
    },
  };
};

export interface ClaimLoopOptions {
  /** The analyses the worker runs at once: its pipeline slots. */
  slots: number;
  /** Analyses the worker holds now (claimed and not yet ended). */
  held: () => number;
  /** Claims up to `limit` analyses and hands them to be run, without waiting for them; answers how many jobs it took. */
  take: (limit: number) => Promise<number>;
  /** Resolves once every analysis held has ended and its result is written. */
  settled: () => Promise<void>;
  /**
   * Whether `wake` is called at each submission (analyses/signals.ts). Then the loop claims when a
   * slot frees only when told of a submission meanwhile or when its last claim was full, instead of
   * asking an empty queue at every analysis's end; a signal lost costs POLL_MS at most. Without,
   * it claims whenever it has room.
   */
  signalled?: boolean;
}

/**
 * Takes the analysis queue's jobs as the worker's pipeline slots free (docs/decisions/hardening-fair-claim.md):
 * whenever it holds fewer than its slots and the prefetch (prefetchSizer) and work may be waiting
 * (a submission was heard, or the poll is due), it claims as many as it has room for. A slot that
 * frees is filled by the next claim, whose fair ranking puts another environment's analysis first:
 * a newcomer waits for one running analysis to end, not for a batch. While a claim is on its way
 * more slots free, and the next claim takes them all. Fast analyses (a fraction of a millisecond)
 * are claimed ahead, 50 ms of them (by their last speed): a claim and a write then serve tens, not
 * one or two; a submission heard is claimed at the next slot that frees all the same, and starts
 * before those claimed ahead (analyses/worker.ts), so the prefetch never makes a newcomer wait;
 * after a full claim, the next waits until half the prefetch has started. pg-boss's own `work`
 * fetches a fixed number, hence this loop.
 * A failed claim is logged: the analyses' rows, not the jobs, say what is left to do, and the stall
 * sweep queues again what a failure left pending.
 */
export const startClaimLoop = (log: Logger, options: ClaimLoopOptions) => {
  const { slots, held, take, settled, signalled = false } = options;
  const prefetch = prefetchSizer(slots);
  let stopping = false;
  /** A submission was heard since the last claim (or nothing says there was none). */
  let told = true;
  /** The last claim was full: more may be waiting. */
  let more = false;
  /** The poll is due: the queue is looked at once there is room, whatever was told. */
  let due = true;
  /** Submissions heard, counted: one during a claim is not forgotten by that claim's answer. */
  let wakes = 0;
  /** Slots freed since the last claim began and a submission was heard. */
  let freedSince = 0;
  let endPause = () => {};
  const pause = () =>
    new Promise<'timer' | 'signal'>((resolve) => {
      const timer = setTimeout(() => resolve('timer'), POLL_MS);
      endPause = () => {
        clearTimeout(timer);
        resolve('signal');
      };
    });
  const loop = async () => {
    while (!stopping) {
      const ahead = prefetch.size;
      // Told of a submission, a worker whose slots freed claims for them even when the analyses it
      // claimed ahead fill its room: the newcomer, ranked first, starts at the next slot, not after
      // the prefetch (claimed while analyses ran fast, it can outlast 50 ms once they slow down).
      const room = Math.max(slots + ahead - held(), signalled && told ? freedSince : 0);
      if (room > 0 && (told || due || (more && room >= Math.max(1, Math.ceil(ahead / 2))))) {
        due = false;
        told = !signalled;
        more = false;
        freedSince = 0;
        const heard = wakes;
        const jobs = await take(room).catch((err: unknown) => {
          // A full disk is the operator's to fix, and /healthz says it: a warning, at each poll.
          if (isStorageFull(err))
            log.warn({ err: { code: '53100' } }, 'analysis claim refused: the disk is full');
          else log.error({ err }, 'analysis claim failed');
          return 0;
        });
        // A full claim leaves more waiting; an empty one, nothing (unless a submission came meanwhile).
        if (jobs >= room) more = true;
        else if (jobs === 0 && wakes === heard) told = false;
        continue;
      }
      const why = await pause();
      if (why === 'timer') due = true;
      // Woken by a submission with nothing to run: the next few join it, so that a claim and a
      // write serve several analyses rather than the one statement that woke it.
      else if (told && held() === 0 && !stopping) await new Promise((r) => setTimeout(r, GATHER_MS));
    }
  };
  const done = loop();
  return {
    /** Analyses were submitted: a worker with room claims now, a full one when a slot frees. */
    wake: () => {
      wakes += 1;
      // The slots that freed before were filled by what the worker held.
      if (!told) freedSince = 0;
      told = true;
      endPause();
    },
    /** An analysis ended after `ms`: its slot is free for the next claim. */
    freed: (ms: number) => {
      prefetch.record(ms);
      freedSince += 1;
      endPause();
    },
    /** Claims no more, and waits for the analyses held to end (STOP_WAIT_MS at most). */
    stop: async () => {
      stopping = true;
      endPause();
      await Promise.race([done.then(settled), new Promise((r) => setTimeout(r, STOP_WAIT_MS).unref())]);
    },
  };
};
