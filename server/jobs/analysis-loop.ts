import { isStorageFull } from '../db/retry';
import type { Logger } from '../logger';

/** How long an idle worker, woken by a submission, lets others come before it claims (bench http). */
const GATHER_MS = 10;
/** How long a worker with room waits before it looks at the queue again. */
const POLL_MS = 500;
/** How long a stopping worker waits for its analyses; past it, they go back by the stall sweep. */
const STOP_WAIT_MS = 10_000;

export interface ClaimLoopOptions {
  /** The most analyses the worker holds at once: its pipeline slots. */
  capacity: number;
  /** Analyses the worker holds now (claimed and not yet ended). */
  held: () => number;
  /** Claims up to `limit` analyses and hands them to be run, without waiting for them; answers how many jobs it took. */
  take: (limit: number) => Promise<number>;
  /** Resolves once every analysis held has ended and its result is written. */
  settled: () => Promise<void>;
  /**
   * Whether `wake` is called at each submission (analyses/signals.ts). Then the loop claims when a
   * slot frees only when told of a submission meanwhile or when its last claim was full, instead of
   * asking an empty queue at every analysis's end; a signal lost costs POLL_MS at most.
   */
  signalled?: boolean;
}

/**
 * Takes the analysis queue's jobs as the worker's pipeline slots free (docs/decisions/hardening-fair-claim.md):
 * whenever it holds fewer than `capacity` analyses and work may be waiting (a submission was told,
 * its last claim was full, or the poll is due), it claims as many as it has room for. A slot that
 * frees is filled by the next claim, whose fair ranking puts another environment's analysis first:
 * a newcomer waits for one running analysis to end, not for a batch. While a claim is on its way
 * more slots free, and the next claim takes them all: under a steady stream the claims grow to the
 * slots free, not one per analysis. pg-boss's own `work` fetches a fixed number, hence this loop.
 * A failed claim is logged: the analyses' rows, not the jobs, say what is left to do, and the stall
 * sweep queues again what a failure left pending.
 */
export const startClaimLoop = (log: Logger, options: ClaimLoopOptions) => {
  const { capacity, held, take, settled, signalled = false } = options;
  let stopping = false;
  /** A submission was heard since the last claim (or nothing says there was none). */
  let told = true;
  /** The poll is due: the queue is looked at once there is room, whatever was told. */
  let due = true;
  /** Submissions heard, counted: one during a claim is not forgotten by that claim's answer. */
  let wakes = 0;
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
      const room = capacity - held();
      if (room > 0 && (told || due)) {
        due = false;
        told = !signalled;
        const heard = wakes;
        const jobs = await take(room).catch((err: unknown) => {
          // A full disk is the operator's to fix, and /healthz says it: a warning, at each poll.
          if (isStorageFull(err))
            log.warn({ err: { code: '53100' } }, 'analysis claim refused: the disk is full');
          else log.error({ err }, 'analysis claim failed');
          return 0;
        });
        // A full claim leaves more waiting; an empty one, nothing (unless a submission came meanwhile).
        if (jobs >= room) told = true;
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
      told = true;
      endPause();
    },
    /** An analysis ended: its slot is free for the next claim. */
    freed: () => endPause(),
    /** Claims no more, and waits for the analyses held to end (STOP_WAIT_MS at most). */
    stop: async () => {
      stopping = true;
      endPause();
      await Promise.race([done.then(settled), new Promise((r) => setTimeout(r, STOP_WAIT_MS).unref())]);
    },
  };
};
