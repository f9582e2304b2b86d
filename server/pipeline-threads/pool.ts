// The pool's scheduling: a job goes to the least busy thread, keeps its time limit, is stopped on
// an abort, runs again after a crash or fails; an analysis or a task, with what it settles to.
// threads.ts starts the threads and carries their messages.
import type { AnalysisResult } from '../../schemas/analysis-result';
import { inEnglish, traceMessage, type TraceMessage } from '../../schemas/trace-messages';
import { describeError, emptyResult } from '../pipeline/engine';
import { DEFAULT_MAX_CHARACTERS } from '../pipeline/extractor/settings';
import type { PipelineServices } from '../pipeline/stage';
import type { Ending, Job, JobOutcome, PipelineJob, TimeLimit } from './jobs';
import {
  bytesOutcome,
  type Finished,
  type TaskName,
  type Tasks,
  type ThreadData,
  type ToThread,
} from './protocol';
import { defaultThreads, poolThreads } from './threads';

/** How long a thread may take to act on an abort before it is taken for frozen and ended. */
export const ABORT_GRACE_MS = 3000;

/** An analysis that was running in two threads that crashed is failed, not tried a third time. */
const MAX_CRASHES = 2;

/** A task past its time limit. */
export class TimeLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TimeLimitError';
  }
}

/** A task that threw in its thread: its message, and the message by code when it had one. */
export class TaskError extends Error {
  constructor(
    message: string,
    readonly trace?: TraceMessage,
  ) {
    super(message);
    this.name = 'TaskError';
  }
}

/**
 * The threads that run the pipeline (docs/decisions/queue-pipeline-threads.md): the API's event loop
 * never runs an analysis or a test page's reading, whatever its input. Jobs go to the least busy
 * thread; each thread runs several side by side (their I/O, which the main thread answers,
 * overlaps). Past its time limit a job's thread is told to stop it; a thread that does not act on
 * an abort within ABORT_GRACE_MS (CPU-bound work that never yields) is ended and replaced: the
 * jobs being stopped fail with their message, the others run again in a new thread. A thread that
 * crashes (out of memory) is replaced too; a job that was in MAX_CRASHES crashes fails with a
 * message saying so. Threads start at their first job.
 *
 * @example
 *   const pool = createPipelinePool(services, { threads: 2 });
 *   const { result } = await pool.run({ id, input, config, timeLimit: { ms: 30_000, message: 'Too long' } }, 'object');
 */
export const createPipelinePool = (
  services: PipelineServices,
  {
    threads: size = defaultThreads(),
    maxCharacters = DEFAULT_MAX_CHARACTERS,
  }: { threads?: number; maxCharacters?: number } = {},
) => {
  let nextJob = 0;
  let stopped = false;
  const data: ThreadData = {
    speech: !!services.speech,
    llm: services.llm?.model ?? null,
    workflow: services.workflow ? { publicUrl: services.workflow.publicUrl } : null,
    maxCharacters,
  };
  const { threads, send, startThread } = poolThreads(services, data, (job, reason) => rescue(job, reason));

  /** Fails a job with a message said by code (its English is the code's). */
  const failWith = (job: Job, why: Ending, trace: TraceMessage) => job.fail(inEnglish(trace), why, trace);

  const dispatch = (job: Job) => {
    if (stopped) return failWith(job, 'failed', traceMessage('pipelineStopped'));
    const thread =
      threads.length < size ? startThread() : threads.reduce((a, b) => (b.jobs.size < a.jobs.size ? b : a));
    job.thread = thread;
    thread.jobs.set(job.number, job);
    send(thread, job.message(false));
  };

  /** Tells the job's thread to stop it, and ends the thread when it does not. */
  const abort = (job: Job, timedOut: boolean, message: string, trace?: TraceMessage) => {
    if (job.aborting) return;
    job.aborting = { timedOut, message, trace };
    for (const call of job.calls) call.abort(new Error(message));
    const thread = job.thread;
    if (!thread) return;
    send(thread, { type: 'abort', job: job.number, timedOut, message, ...(trace && { trace }) });
    setTimeout(() => {
      if (thread.jobs.has(job.number)) {
        thread.frozen = true;
        void thread.worker.terminate();
      }
    }, ABORT_GRACE_MS).unref();
  };

  /**
   * The thread running `job` ended before answering: it crashed (`reason`), or the pool ended it
   * because another job froze it (null).
   */
  const rescue = (job: Job, reason: string | null) => {
    job.thread = undefined;
    // Being stopped (past its time limit, or by a user), it stops here.
    const { aborting } = job;
    if (aborting)
      return job.fail(aborting.message, aborting.timedOut ? 'timedOut' : 'aborted', aborting.trace);
    if (reason === null) return dispatch(job);
    if (++job.crashes >= MAX_CRASHES)
      return failWith(
        job,
        'failed',
        traceMessage('analysisThreadCrashed', { times: MAX_CRASHES, detail: reason }),
      );
    dispatch(job);
  };

  /** Runs a job to its end: it always settles, with the thread's answer or its failure. */
  const start = (
    message: (job: number, withConfig: boolean) => ToThread,
    timeLimit: TimeLimit,
    settle: (outcome: Finished) => void,
    fail: (message: string, why: Ending, trace?: TraceMessage) => void,
    spec?: PipelineJob,
  ) => {
    const signal = spec?.signal;
    const onAbort = () => abort(job, false, describeError(signal?.reason ?? 'The analysis was aborted'));
    const end = () => {
      job.ended = true;
      clearTimeout(job.timer);
      signal?.removeEventListener('abort', onAbort);
    };
    const number = nextJob++;
    const job: Job = {
      number,
      message: (withConfig) => message(number, withConfig),
      spec,
      crashes: 0,
      calls: new Set(),
      settle: (outcome) => {
        end();
        settle(outcome);
      },
      fail: (reason, why, trace) => {
        end();
        fail(reason, why, trace);
      },
    };
    if (signal?.aborted) return job.fail(describeError(signal.reason), 'aborted');
    signal?.addEventListener('abort', onAbort, { once: true });
    dispatch(job);
    // The time limit counts the job's own work: it starts once its thread has loaded its modules
    // (a new thread takes 0.3 s, seconds on a busy machine), not while the thread starts.
    const clock = () => {
      if (!job.ended)
        job.timer = setTimeout(() => abort(job, true, timeLimit.message, timeLimit.trace), timeLimit.ms);
    };
    if (!job.thread || job.thread.ready) clock();
    else job.thread.waiting.push(clock);
  };

  /** An analysis (the pipeline's steps on one input), its result in the form asked for. */
  const run = <F extends 'bytes' | 'object'>(spec: PipelineJob, form: F): Promise<JobOutcome<F>> =>
    new Promise((resolve) => {
      const failed = (message: string, why: Ending, trace?: TraceMessage) => {
        const aborted = why === 'aborted';
        const result: AnalysisResult = { ...emptyResult(spec.id), status: aborted ? 'aborted' : 'error' };
        if (!aborted) result.error = message;
        if (!aborted && trace) result.errorMessage = trace;
        resolve((form === 'object' ? { form, result } : bytesOutcome(result)) as JobOutcome<F>);
      };
      const message = (job: number, withConfig: boolean): ToThread => ({
        type: 'run',
        job,
        id: spec.id,
        input: spec.input,
        configKey: spec.configKey,
        config: withConfig || !spec.configKey ? spec.config : undefined,
        steps: spec.steps,
        cached: !!spec.cache,
        reply: form,
      });
      start(message, spec.timeLimit, (outcome) => resolve(outcome as JobOutcome<F>), failed, spec);
    });

  /** A task of the thread module (protocol.ts Tasks); rejects with its error or its time limit. */
  const task = <N extends TaskName>(
    name: N,
    args: Parameters<Tasks[N]>,
    timeLimit: TimeLimit,
  ): Promise<Awaited<ReturnType<Tasks[N]>>> =>
    new Promise((resolve, reject) => {
      start(
        (job) => ({ type: 'task', job, name, args }),
        timeLimit,
        (outcome) =>
          outcome.form === 'value'
            ? resolve(outcome.value as Awaited<ReturnType<Tasks[N]>>)
            : reject(
                outcome.form === 'failed'
                  ? new TaskError(outcome.message, outcome.trace)
                  : new Error('Unexpected answer'),
              ),
        (message, why) => reject(why === 'timedOut' ? new TimeLimitError(message) : new Error(message)),
      );
    });

  return {
    run,
    task,
    /** Threads running now (they start at their first job, and again after a crash). */
    get threads() {
      return threads.length;
    },
    /** Ends every thread; jobs still running fail. */
    stop: async () => {
      stopped = true;
      await Promise.all(threads.map((t) => t.worker.terminate()));
    },
  };
};

export type PipelinePool = ReturnType<typeof createPipelinePool>;
