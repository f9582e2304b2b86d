import {
  TRACE_STEPS,
  type AnalysisResult,
  type AnalysisStatus,
  type TraceStep,
} from '../../schemas/analysis-result';
import { inEnglish, traceMessage, type TraceMessage } from '../../schemas/trace-messages';
import type { PipelineConfig, PipelineInput } from '../pipeline/stage';
import type { compileServer, testText } from '../pipeline/nlu/test-text';
import type { extract } from '../pipeline/extractor/extract';
import type { ocrDataTest } from '../pipeline/ocr-data/test';
import type { rescore } from '../pipeline/rescore';

/**
 * Work other than an analysis that a thread does for the API's test pages (thread.ts runs them,
 * with the job's services and abort signal where they need them).
 */
export interface Tasks {
  compileServer: typeof compileServer;
  testText: typeof testText;
  rescore: typeof rescore;
  extract(
    input: Parameters<typeof extract>[0],
    settings: Parameters<typeof extract>[1],
  ): ReturnType<typeof extract>;
  ocrDataTest(
    input: Parameters<typeof ocrDataTest>[0],
    extractorSettings: Parameters<typeof ocrDataTest>[1],
    settings: Parameters<typeof ocrDataTest>[2],
  ): ReturnType<typeof ocrDataTest>;
}
export type TaskName = keyof Tasks;

/**
 * Messages travel in batches: each side gathers what it sends during one turn of its event loop
 * and posts it as one array (a post wakes the other thread, which costs more than the copy).
 *
 * The messages between the pipeline pool (pool.ts, on the process's main thread) and its threads
 * (thread.ts). A thread runs analyses and nothing else: every I/O its stages need (OCR, speech, the
 * LLM, the extraction cache) is a `service` call answered by the main thread, which owns those
 * clients and the database.
 */

/** What a thread is told when it starts: which services exist in this process. */
export interface ThreadData {
  speech: boolean;
  /** The LLM's model when one is configured, else null. */
  llm: string | null;
  /** When a workflow engine is configured: the console's public address, for the final status call. */
  workflow: { publicUrl: string } | null;
  /** Characters of text an analysis reads (ANALYSIS_MAX_CHARACTERS), test pages' readings too. */
  maxCharacters: number;
}

export type ServiceName = 'ocr' | 'speech' | 'llm' | 'llmChat' | 'workflow' | 'cacheGet' | 'cacheSet';

/** How the result comes back: as JSON bytes for the store (the worker), or as objects (test pages). */
export type ReplyForm = 'bytes' | 'object';

export type ToThread =
  | {
      type: 'run';
      job: number;
      id: string;
      input: PipelineInput;
      /** Names a configuration the thread may have kept; absent: `config` is used once. */
      configKey?: string;
      /** Absent when the thread is expected to hold `configKey`; it asks again when it does not. */
      config?: PipelineConfig;
      /** Only these steps (a test page); absent: every step. */
      steps?: readonly TraceStep[];
      /** Whether the extraction cache service may be used. */
      cached: boolean;
      reply: ReplyForm;
    }
  | { type: 'task'; job: number; name: TaskName; args: unknown[] }
  | { type: 'abort'; job: number; timedOut: boolean; message: string; trace?: TraceMessage }
  | { type: 'service-result'; call: number; ok: true; value: unknown }
  /** A service that failed: its message, and the message by code when it had one (an endpoint's failure). */
  | { type: 'service-result'; call: number; ok: false; message: string; trace?: TraceMessage };

export type FromThread =
  | { type: 'ready' }
  | { type: 'missing-config'; job: number }
  | { type: 'service'; call: number; job: number; service: ServiceName; args: unknown[] }
  | ({ type: 'done'; job: number } & Finished);

/** A finished analysis, in the form it was asked for, or a task's answer. */
export type Finished =
  | { form: 'value'; value: unknown }
  /** A task that threw: its message, and the message by code when it had one (a ParseError's, a StopPipeline's). */
  | { form: 'failed'; message: string; trace?: TraceMessage }
  | { form: 'object'; result: AnalysisResult }
  | {
      form: 'bytes';
      /** The result's JSON, UTF-8. */
      bytes: Uint8Array;
      status: AnalysisStatus;
      /** The result's error, else its first step error. */
      error: string | null;
      /** The same by code, when it has one. */
      errorMessage: TraceMessage | null;
      /** Whether NLU servers read it. */
      readByNlu: boolean;
      /** Whether a server with the labeling flag read it: the labelling view lists it (migration 032). */
      labelling: boolean;
      /** What the dashboard counts of it (dashboardFigures). */
      figures: DashboardFigures;
    };

/**
 * What the dashboard counts of a result, stored beside it (migrations 021 and 022): the message
 * categories' names, the names of the extracted data that got a value, and the milliseconds of each
 * trace step that ran (done or error) at its position in TRACE_STEPS, null for the others. Made
 * here, in the thread, so that the database never reads them out of the result.
 */
export interface DashboardFigures {
  categories: string[];
  extracted_fields: string[];
  step_ms: (number | null)[];
  /** Not the dashboard's: the LLM tokens the analysis used, for the consumption (migration 023). */
  llm_tokens: number;
}

export const dashboardFigures = (result: AnalysisResult): DashboardFigures => ({
  categories: [...new Set(result.categories.map((c) => c.name).filter((n) => typeof n === 'string'))],
  extracted_fields: [
    ...new Set(
      result.extractedData
        .filter((d) => typeof d.name === 'string' && d.value !== null && String(d.value) !== '')
        .map((d) => d.name),
    ),
  ],
  step_ms: TRACE_STEPS.map(
    (step) =>
      result.trace.find(
        (t) =>
          t.step === step &&
          (t.status === 'done' || t.status === 'error') &&
          typeof t.durationMs === 'number',
      )?.durationMs ?? null,
  ),
  llm_tokens: result.llmTokens ?? 0,
});

/**
 * The most NLU interactions a stored result keeps. An email finds a handful; a 20 MB text of
 * claims found 195,000, a 107 MB result that no client reads whole and PGlite could not store.
 * Categories, extraction and the reply were made from all of them; the trace says how many more
 * there were.
 */
export const MAX_STORED_INTERACTIONS = 10_000;

const bounded = (result: AnalysisResult): AnalysisResult => {
  const { interactions } = result.nlu;
  if (interactions.length <= MAX_STORED_INTERACTIONS) return result;
  const entry = result.trace.find((t) => t.step === 'nlu');
  if (entry) {
    // By code beside the English, as the engine says a step's warnings (pipeline/engine.ts).
    const kept = traceMessage('nluInteractionsKept', {
      smart_count: interactions.length - MAX_STORED_INTERACTIONS,
      kept: MAX_STORED_INTERACTIONS,
    });
    entry.messages ??= { summary: null, warnings: entry.warnings.map(() => null) };
    entry.warnings.push(inEnglish(kept));
    entry.messages.warnings.push(kept);
  }
  result.nlu.interactions = interactions.slice(0, MAX_STORED_INTERACTIONS);
  return result;
};

/** A NUL's escape in JSON text (`\u0000`), not a backslash's escape followed by `u0000`. */
const ESCAPED_NUL = /(?<!\\)((?:\\\\)*)\\u0000/g;

/**
 * A result's JSON as the database can store and read it: PostgreSQL's json functions and jsonb
 * refuse a NUL, which a file's text may hold (a NUL in an email's subject or body), so each is
 * stored as U+FFFD, the replacement character.
 */
export const storableJson = (result: AnalysisResult) => {
  const json = JSON.stringify(result);
  return json.includes('\\u0000') ? json.replace(ESCAPED_NUL, '$1\\ufffd') : json;
};

/** A result as the worker stores it: its JSON as UTF-8 bytes in a buffer of their own, and its summary. */
export const bytesOutcome = (stored: AnalysisResult): Extract<Finished, { form: 'bytes' }> => {
  const result = bounded(stored);
  const failedStep = result.trace.find((t) => t.status === 'error');
  return {
    form: 'bytes',
    bytes: new TextEncoder().encode(storableJson(result)),
    status: result.status,
    error: result.error ?? failedStep?.errors[0] ?? null,
    errorMessage: (result.error ? result.errorMessage : failedStep?.messages?.errors?.[0]) ?? null,
    readByNlu: result.nlu.servers.length > 0,
    labelling: result.nlu.labels !== undefined,
    figures: dashboardFigures(result),
  };
};

/**
 * A sender that gathers messages (and the buffers they move) and posts them as one array at the
 * end of the current turn of the event loop.
 */
export const batcher = <M>(postBatch: (batch: M[], transfer: ArrayBuffer[]) => void) => {
  let batch: M[] = [];
  let transfer: ArrayBuffer[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    const [sent, moved] = [batch, transfer];
    batch = [];
    transfer = [];
    postBatch(sent, moved);
  };
  return (message: M, moves?: ArrayBuffer[]) => {
    batch.push(message);
    if (moves) transfer.push(...moves);
    if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  };
};
