// The pool's threads and their messages: where the threads' module is and how many run, starting a
// thread and reading what it sends (its answers, its service calls, that it is ready), answering
// its service calls, and ending it. pool.ts schedules the jobs on these threads.
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { WorkflowRequest } from '../../schemas/consolidation';
import { describeError } from '../pipeline/engine';
import { traceOf, type ChatRequest, type ExtractionCache, type PipelineServices } from '../pipeline/stage';
import type { Job, PipelineJob, Thread } from './jobs';
import { batcher, type FromThread, type ServiceName, type ThreadData, type ToThread } from './protocol';

/** Inputs this large (characters of text, bytes of a file) retire their thread once it is idle (see retire). */
const LARGE_INPUT = 1_048_576;
const isLarge = (spec: PipelineJob | undefined) =>
  !!spec && (spec.input.kind === 'text' ? spec.input.text.length : spec.input.bytes.length) >= LARGE_INPUT;
/** A thread's heap: past it the thread ends (out of memory), not the process. */
const THREAD_HEAP_MB = 3072;

/**
 * One thread per core but one: the main thread is busy too (the API, the claims and writes, and
 * PGlite's own work), and a thread more than the cores left costs CPU without adding throughput
 * (docs/decisions/queue-pipeline-threads.md
 * through the queue, the same wall time). At least one.
 */
export const defaultThreads = () => Math.max(1, os.availableParallelism() - 1);

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
 * The threads of one pool: `threads` lists those running, `startThread` adds one, `send` posts to
 * one still running. `rescue` takes over the jobs of a thread that ended before answering them:
 * `reason` says why it crashed, null when the pool ended it because another job froze it.
 *
 * @example
 *   const { threads, send, startThread } = poolThreads(services, data, (job, reason) => rescue(job, reason));
 */
export const poolThreads = (
  services: PipelineServices,
  data: ThreadData,
  rescue: (job: Job, reason: string | null) => void,
) => {
  const threads: Thread[] = [];
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

  return { threads, send, startThread };
};
