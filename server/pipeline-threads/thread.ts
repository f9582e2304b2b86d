import { parentPort, workerData } from 'node:worker_threads';
import type { AnalysisResult, TraceStep } from '../../schemas/analysis-result';
import { traceMessage, type TraceMessage } from '../../schemas/trace-messages';
import { compileServer, testText } from '../pipeline/nlu/test-text';
import { extract } from '../pipeline/extractor/extract';
import { ocrDataTest } from '../pipeline/ocr-data/test';
import { rescore } from '../pipeline/rescore';
import { describeError, emptyResult, runPipeline, STAGES } from '../pipeline/engine';
import {
  CodedError,
  traceOf,
  type PipelineConfig,
  type PipelineServices,
  type Stage,
} from '../pipeline/stage';
import {
  batcher,
  bytesOutcome,
  type FromThread,
  type ServiceName,
  type Tasks,
  type ThreadData,
  type ToThread,
} from './protocol';

/** The tasks of one job, with its services and abort signal. */
const tasksOf = (services: PipelineServices, signal: AbortSignal): Tasks => ({
  compileServer,
  testText,
  rescore,
  extract: (input, settings) =>
    extract(input, settings, services, signal, { maxCharacters: data.maxCharacters }),
  ocrDataTest: (input, extractorSettings, settings) =>
    ocrDataTest(input, extractorSettings, settings, services, signal),
});

/**
 * A pipeline thread (pool.ts starts them): runs the analyses it is sent, several side by side, and
 * answers each result. Its CPU-bound work (parsers, NLU, categorisation, templates) never runs on
 * the main thread, so no input can stop the API answering; the pool ends a thread that stops
 * answering. Its I/O goes through the main thread (`service` messages).
 */
const port = parentPort!;
const data = workerData as ThreadData;
const post = batcher<FromThread>((batch, transfer) => port.postMessage(batch, transfer));

/** Configurations by key, the most recently used last; the main thread keeps the versions. */
const CONFIGS_KEPT = 64;
const configs = new Map<string, PipelineConfig>();
const keep = (key: string, config: PipelineConfig) => {
  configs.delete(key);
  configs.set(key, config);
  if (configs.size > CONFIGS_KEPT) configs.delete(configs.keys().next().value!);
};

const calls = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
let nextCall = 0;
const service = <T>(job: number, name: ServiceName, args: unknown[]) =>
  new Promise<T>((resolve, reject) => {
    const call = nextCall++;
    calls.set(call, { resolve: resolve as (value: unknown) => void, reject });
    post({ type: 'service', call, job, service: name, args });
  });

const servicesOf = (job: number, cached: boolean, config?: PipelineConfig): PipelineServices => ({
  ocr: { recognize: (image, languages) => service(job, 'ocr', [image, languages]) },
  speech: data.speech ? { transcribe: (audio, filename) => service(job, 'speech', [audio, filename]) } : null,
  // The main thread's call is aborted with its analysis.
  // The environment's own endpoint (the main thread's call picks its client), else the deployment's.
  llm:
    (config?.llm?.model ?? data.llm) === null
      ? null
      : {
          model: config?.llm?.model ?? data.llm!,
          complete: (prompt) => service(job, 'llm', [prompt]),
          chat: (request) => service(job, 'llmChat', [request]),
        },
  workflow:
    data.workflow === null
      ? null
      : {
          publicUrl: data.workflow.publicUrl,
          post: (workflowId, request) => service(job, 'workflow', [workflowId, request]),
        },
  extractionCache: cached
    ? {
        get: (key) => service(job, 'cacheGet', [key]),
        set: (key, value) => service(job, 'cacheSet', [key, value]),
      }
    : undefined,
});

/** How long a thread works between two looks at its messages (an abort, another job's answer). */
const SLICE_MS = 50;
let sliceStarted = performance.now();

/**
 * A stage that first lets the thread read its messages when it has worked for SLICE_MS without a
 * pause: an abort (a user's, or the time limit's) takes effect at the next step of a long analysis,
 * and the other analyses of the thread get their service answers meanwhile. Fast analyses never
 * pause.
 */
const yielding = (stage: Stage): Stage => ({
  ...stage,
  run: async (ctx) => {
    if (performance.now() - sliceStarted > SLICE_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      sliceStarted = performance.now();
      if (ctx.signal.aborted) throw ctx.signal.reason;
    }
    return stage.run(ctx);
  },
});

const ALL_STAGES = Object.fromEntries(
  Object.entries(STAGES).map(([step, stage]) => [step, yielding(stage)]),
) as Partial<Record<TraceStep, Stage>>;

const stagesOf = (steps: readonly TraceStep[] | undefined): Partial<Record<TraceStep, Stage>> =>
  steps ? Object.fromEntries(steps.map((step) => [step, ALL_STAGES[step]])) : ALL_STAGES;

/** A job running, and when it was stopped past its time limit, what its failure says. */
interface Running {
  controller: AbortController;
  timedOut?: { message: string; trace?: TraceMessage };
}
const running = new Map<number, Running>();

const run = async (m: Extract<ToThread, { type: 'run' }>) => {
  const config = m.config ?? (m.configKey ? configs.get(m.configKey) : undefined);
  if (!config) return post({ type: 'missing-config', job: m.job });
  if (m.config && m.configKey) keep(m.configKey, m.config);
  const controller = new AbortController();
  const state: Running = { controller };
  running.set(m.job, state);
  let result: AnalysisResult;
  try {
    result = await runPipeline(
      m.id,
      m.input,
      { ...config, maxCharacters: data.maxCharacters },
      servicesOf(m.job, m.cached, config),
      controller.signal,
      stagesOf(m.steps),
    );
  } catch (error) {
    // Outside any step: its words only a technical detail of a sentence said by code.
    const detail = describeError(error);
    result = {
      ...emptyResult(m.id),
      status: 'error',
      error: detail,
      errorMessage: traceMessage('analysisFailed', { detail }),
    };
  } finally {
    running.delete(m.job);
  }
  if (state.timedOut) {
    result.status = 'error';
    result.error = state.timedOut.message;
    if (state.timedOut.trace) result.errorMessage = state.timedOut.trace;
  }
  if (m.reply === 'object') post({ type: 'done', job: m.job, form: 'object', result });
  else {
    // The bytes have a buffer of their own, which moves to the main thread uncopied.
    const outcome = bytesOutcome(result);
    post({ type: 'done', job: m.job, ...outcome }, [outcome.bytes.buffer as ArrayBuffer]);
  }
};

const runTask = async (m: Extract<ToThread, { type: 'task' }>) => {
  const controller = new AbortController();
  running.set(m.job, { controller });
  try {
    const task = tasksOf(servicesOf(m.job, false), controller.signal)[m.name] as (
      ...args: unknown[]
    ) => unknown;
    post({ type: 'done', job: m.job, form: 'value', value: await task(...m.args) });
  } catch (error) {
    // A parser's refusal, a stop (an OCR data pattern refused) or an endpoint's failure travels by code too.
    const trace = traceOf(error);
    post({
      type: 'done',
      job: m.job,
      form: 'failed',
      message: describeError(error),
      ...(trace && { trace }),
    });
  } finally {
    running.delete(m.job);
  }
};

const receive = (m: ToThread) => {
  switch (m.type) {
    case 'run':
      void run(m);
      break;
    case 'task':
      void runTask(m);
      break;
    case 'abort': {
      const state = running.get(m.job);
      if (!state) break;
      if (m.timedOut) state.timedOut = { message: m.message, trace: m.trace };
      state.controller.abort(new Error(m.message));
      break;
    }
    case 'service-result': {
      const pending = calls.get(m.call);
      if (!pending) break;
      calls.delete(m.call);
      if (m.ok) pending.resolve(m.value);
      // An error said by code on the main thread (an endpoint's) keeps its code here.
      else pending.reject(m.trace ? new CodedError(m.trace, m.message) : new Error(m.message));
      break;
    }
  }
};
port.on('message', (batch: ToThread[]) => {
  // The thread was waiting for this batch: its work starts a new slice.
  sliceStarted = performance.now();
  batch.forEach(receive);
});
// Said at once, not with the turn's batch: the pool starts its jobs' time limits from it, and a
// first job that never pauses would hold a batched message back.
port.postMessage([{ type: 'ready' }] satisfies FromThread[]);
