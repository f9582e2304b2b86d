import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { AnalysisResult, TraceStep } from '../../schemas/analysis-result';
import type { WorkflowRequest } from '../../schemas/consolidation';
import { inEnglish, traceMessage, type TraceMessage } from '../../schemas/trace-messages';
import { describeError, emptyResult } from '../pipeline/engine';
import { DEFAULT_MAX_CHARACTERS } from '../pipeline/extractor/settings';
import {
  traceOf,
  type ChatRequest,
  type ExtractionCache,
  type PipelineConfig,
  type PipelineInput,
  type PipelineServices,
} from '../pipeline/stage';
import {
  batcher,
  bytesOutcome,
  type Finished,
  type FromThread,
  type ReplyForm,
  type ServiceName,
  type TaskName,
  type Tasks,
  type ThreadData,
  type ToThread,
} from './protocol';

/** How long a thread may take to act on an abort before it is taken for frozen and ended. */
export const ABORT_GRACE_MS = 3000;

/** Inputs this large (characters of text, bytes of a file) retire their thread once it is idle (see retire). */
const LARGE_INPUT = 1_048_576;
const isLarge = (spec: PipelineJob | undefined) =>
  !!spec && (spec.input.kind === 'text' ? spec.input.text.length : spec.input.bytes.length) >= LARGE_INPUT;
/** A thread's heap: past it the thread ends (out of memory), not the process. */
const THREAD_HEAP_MB = 3072;
/** An analysis that was running in two threads that crashed is failed, not tried a third time. */
const MAX_CRASHES = 2;

/** How long a job may run, and what its failure says then (in English, and by code when it has one). */
export interface TimeLimit {
  ms: number;
  message: string;
  trace?: TraceMessage;
}

export interface PipelineJob {
  id: string;
  input: PipelineInput;
  config: PipelineConfig;
  /** Names `config` for the threads to keep (environment and configuration version). */
  configKey?: string;
  /** Only these steps (a test page); absent: every step. */
  steps?: readonly TraceStep[];
  /** The extraction cache the job may use. */
  cache?: ExtractionCache;
  /** Aborted by a user: the analysis ends as aborted. */
  signal?: AbortSignal;
  timeLimit: TimeLimit;
}

export type JobOutcome<F extends ReplyForm> = Extract<Finished, { form: F }>;

type Ending = 'aborted' | 'timedOut' | 'failed';

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

/** What the pool keeps of a job while a thread runs it. */
interface Job {
  number: number;
  /** Its message to a thread; `withConfig`: the configuration goes along (the thread lacks it). */
  message(withConfig: boolean): ToThread;
  spec?: PipelineJob;
  /** Set once an abort was sent: past its time limit, or a user's abort. */
  aborting?: { timedOut: boolean; message: string; trace?: TraceMessage };
  crashes: number;
  thread?: Thread;
  /** Service calls of this job the main thread is answering. */
  calls: Set<AbortController>;
  timer?: NodeJS.Timeout;
  /** It settled or failed: nothing more is done for it. */
  ended?: boolean;
  /** Its thread's answer. */
  settle(outcome: Finished): void;
  /**
   * It ends without an answer: aborted by a user, past its time limit, or failed; `message` says
   * why, and `trace` by code when it can.
   */
  fail(message: string, why: Ending, trace?: TraceMessage): void;
}

interface Thread {
  worker: Worker;
  /** Posts a message with the others of this turn (protocol.ts batcher). */
  send(message: ToThread): void;
  jobs: Map<number, Job>;
  ended: boolean;
  /** Ended by the pool because a job did not stop: its other jobs are not to blame. */
  frozen?: boolean;
  /** Said it is ready (its modules loaded); until then, what waits for it (`whenReady`). */
  ready: boolean;
  waiting: (() => void)[];
}

/**
 * One thread per core but one: the main thread is busy too (the API, the claims and writes, and
 * PGlite's own work), and a thread more than the cores left costs CPU without adding throughput
 * (docs/decisions/queue-pipeline-threads.md
 * through the queue, the same wall time). At least one.
 */
const defaultThreads = () => Math.max(1, os.availableParallelism() - 1);

/**
 * Where the threads' module is: beside this module's bundle in dist-server/ (`npm start`), else
 * the sources, run through tsx by a small loader (tests, `npm run dev`).
 */
const threadEntry = (): string => {
  const here = fileURLToPath(import.meta.url);
  const [root, inBundle] = here.split(`${path.sep}dist-server${path.sep}`);
  return inBundle !== undefined
    ? path.join(root, 'dist-server', 'pipeline-thread.mjs')
    : path.join(path.dirname(here), 'boot.mjs');
};

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
  const threads: Thread[] = [];
  let nextJob = 0;
  let stopped = false;
  const data: ThreadData = {
    speech: !!services.speech,
    llm: services.llm?.model ?? null,
    workflow: services.workflow ? { publicUrl: services.workflow.publicUrl } : null,
    maxCharacters,
  };
  const entry = threadEntry();

  const send = (thread: Thread, message: ToThread) => {
    if (!thread.ended) thread.send(message);
  };

  /**
   * A thread asks only for the services it was told exist (thread.ts servicesOf: `data`, or the
   * environment's own LLM, which `llmFor` serves): the "No … is configured" errors below are
   * impossible states, not said by code (docs/decisions/console-failures-by-code.md).
   */
  const callService = (job: Job, name: ServiceName, args: unknown[], signal: AbortSignal) => {
    const spec = job.spec;
    switch (name) {
      case 'ocr':
        return services.ocr.recognize(args[0] as Uint8Array, args[1] as string);
      case 'speech':
        if (!services.speech) throw new Error('No speech endpoint is configured');
        return services.speech.transcribe(args[0] as Uint8Array, args[1] as string);
      case 'llm':
      case 'llmChat': {
        // The environment's own endpoint when it has one, else the deployment's.
        const own = spec?.config.llm;
        const llm = own && services.llmFor ? services.llmFor(own) : services.llm;
        if (!llm) throw new Error('No LLM endpoint is configured');
        return name === 'llm'
          ? llm.complete(args[0] as string, signal)
          : llm.chat(args[0] as ChatRequest, signal);
      }
      case 'workflow':
        if (!services.workflow) throw new Error('No workflow engine is configured');
        return services.workflow.post(args[0] as string, args[1] as WorkflowRequest, signal);
      case 'cacheGet':
        return spec?.cache?.get(args[0] as string);
      case 'cacheSet':
        return spec?.cache?.set(args[0] as string, args[1] as Parameters<ExtractionCache['set']>[1]);
    }
  };

  /** Answers a thread's service call; the call is aborted with its job. */
  const answer = async (
    thread: Thread,
    job: Job | undefined,
    m: Extract<FromThread, { type: 'service' }>,
  ) => {
    const controller = new AbortController();
    job?.calls.add(controller);
    try {
      // Its thread already answered for it, or was ended: what the thread does with this is never read.
      if (!job) throw new Error('The analysis is no longer running');
      const value = await callService(job, m.service, m.args, controller.signal);
      send(thread, { type: 'service-result', call: m.call, ok: true, value });
    } catch (error) {
      const trace = traceOf(error);
      send(thread, {
        type: 'service-result',
        call: m.call,
        ok: false,
        message: describeError(error),
        ...(trace && { trace }),
      });
    } finally {
      job?.calls.delete(controller);
    }
  };

  const startThread = (): Thread => {
    const worker = new Worker(entry, {
      workerData: data,
      resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB },
    });
    const thread: Thread = {
      worker,
      jobs: new Map(),
      ended: false,
      ready: false,
      waiting: [],
      send: batcher<ToThread>((batch) => {
        if (!thread.ended) worker.postMessage(batch);
      }),
    };
    const receive = (m: FromThread) => {
      if (m.type === 'ready') {
        thread.ready = true;
        for (const go of thread.waiting.splice(0)) go();
        return;
      }
      const job = thread.jobs.get(m.job);
      if (m.type === 'service') return void answer(thread, job, m);
      if (!job) return;
      if (m.type === 'missing-config') return send(thread, job.message(true));
      thread.jobs.delete(m.job);
      job.settle(m);
      if (isLarge(job.spec) && thread.jobs.size === 0) retire(thread);
    };
    worker.on('message', (batch: FromThread[]) => batch.forEach(receive));
    const lost = (reason: string) => {
      if (thread.ended) return;
      thread.ended = true;
      threads.splice(threads.indexOf(thread), 1);
      // Jobs that waited for it to start keep a time limit all the same.
      for (const go of thread.waiting.splice(0)) go();
      const jobs = [...thread.jobs.values()];
      thread.jobs.clear();
      for (const job of jobs) rescue(job, thread.frozen ? null : reason);
    };
    worker.on('error', (err) => lost(describeError(err)));
    worker.on('exit', (code) => lost(`its thread stopped with exit code ${code}`));
    // Threads wait for work: they keep no process alive.
    worker.unref();
    threads.push(thread);
    return thread;
  };

  /**
   * Ends an idle thread that ran a large input: its heap grew by tens of megabytes (about 70 MB for
   * a 25 MB text read up to the bound) that V8 would keep, and ending the thread gives all of it back
   * to the system (docs/security.md, 'Large inputs'). The next job starts a new one.
   */
  const retire = (thread: Thread) => {
    thread.ended = true;
    threads.splice(threads.indexOf(thread), 1);
    void thread.worker.terminate();
  };

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
