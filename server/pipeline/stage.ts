import { inEnglish, TRACE_MESSAGES_EN, type TraceMessage } from '../../schemas/trace-messages';
import type { AnalysisResult, Extraction, TraceStep } from '../../schemas/analysis-result';
import type { ModuleEntry } from '../../schemas/modules';
import type { OutputSettings } from '../../schemas/output';
import type { ConsolidationSettings, WorkflowRequest } from '../../schemas/consolidation';
import type { OcrDataSettings } from '../../schemas/ocr-data';
import type { PostProcessingSettings } from '../../schemas/post-processing';
import type { VisionSettings } from '../../schemas/vision';
import type { CategorisationConfig } from './categorisation/model';
import type { ExtractionFieldDef } from './extraction/fields';
import type { ExtractorSettings } from './extractor/settings';
import type { ServerConfig } from './nlu/servers';
import type { OcrEngine, SpeechEngine } from './extractor/types';

/**
 * What the pipeline analyses: a file (a simulated mail arrives as the .eml it was composed into),
 * or pasted text.
 */
export type PipelineInput = (
  | { kind: 'file'; name: string; filename: string; bytes: Uint8Array; metadata: Record<string, unknown> }
  | {
      kind: 'text';
      name: string;
      text: string;
      metadata: Record<string, unknown>;
      /**
       * The whole text's length when `text` is only its beginning: the worker sends a pipeline
       * thread no more than the pipeline reads (analyses/worker.ts), the extractor says what was cut.
       */
      characters?: number;
    }
) & {
  /** The stored analysis it comes from (absent for test pages and benchmarks): its environment, and whether it waits for a final status. */
  origin?: { environmentId: string; manualFinalStatus: boolean };
};

/** The environment's configuration, as the stages read it. */
export interface PipelineConfig {
  /**
   * The active modules, in the order they run (schemas/modules.ts). Absent: every module, in the
   * default order (tests and benchmarks that configure stages directly).
   */
  modules?: ModuleEntry[];
  extractor: ExtractorSettings;
  /**
   * Characters of text the pipeline reads per analysis, the deployment's (ANALYSIS_MAX_CHARACTERS);
   * absent: the extractor's default (extractor/settings.ts DEFAULT_MAX_CHARACTERS).
   */
  maxCharacters?: number;
  /** NLU languages of the environment; 'auto' asks for detection. */
  languages: string[];
  nlu: { servers: ServerConfig[] };
  categorisation: CategorisationConfig;
  extraction: { fields: ExtractionFieldDef[] };
  /** Reply templates (Twig), the default one first when there is one. */
  reply: { templates: ReplyTemplateDef[] };
  /** What the output module's payload carries; absent: its defaults (DEFAULT_OUTPUT). */
  output?: OutputSettings;
  /** The consolidation's workflow (schemas/consolidation.ts); absent: the step is not configured. */
  consolidation?: ConsolidationSettings;
  /** The OCR data extraction's settings (schemas/ocr-data.ts); absent: the step is not configured. */
  ocrData?: OcrDataSettings;
  /** The post-processing's rules (schemas/post-processing.ts); absent: the step is not configured. */
  postProcessing?: PostProcessingSettings;
  /** The environment's own LLM endpoint, used instead of the deployment's; absent: the deployment's. */
  llm?: EnvironmentLlmEndpoint;
  /** The vision engine's settings (schemas/vision.ts); absent: the step is not configured. */
  vision?: VisionSettings;
  /** The active webhooks the output is delivered to (delivery/deliveries.ts); absent: none. */
  webhooks?: WebhookTarget[];
}

/**
 * A webhook an analysis of its environment is delivered to: the pipeline's own shape, filled by the
 * delivery feature from the environment's active webhooks (delivery/deliveries.ts).
 */
export type WebhookTarget = {
  id: string;
  type: 'processed' | 'finished';
  format: 'full' | 'light';
};

/**
 * An environment's own LLM endpoint (migration 020): the pipeline's own shape, filled by the
 * integrations feature (configuration/environment-llm.ts).
 */
export interface EnvironmentLlmEndpoint {
  baseUrl: string;
  model: string;
  apiKey: string | null;
}

export interface ReplyTemplateDef {
  name: string;
  body: string;
  isDefault: boolean;
  llm: boolean;
}

/** A configuration with no NLU, category, extraction field or reply template: what a new environment has. */
export const EMPTY_LANGUAGE_CONFIG: Pick<PipelineConfig, 'nlu' | 'categorisation' | 'extraction' | 'reply'> =
  {
    nlu: { servers: [] },
    categorisation: {
      categories: [],
      multiCategory: false,
      perPage: false,
      defaultCategory: null,
      defaultAttachmentCategory: null,
      advancedTemplate: null,
      interactions: [],
      disabledInteractions: [],
    },
    extraction: { fields: [] },
    reply: { templates: [] },
  };

/** The outside world a stage may use, given by the caller: the engine does no I/O of its own. */
export interface PipelineServices {
  ocr: OcrEngine;
  speech: SpeechEngine | null;
  /** An OpenAI-compatible chat endpoint, for LLM reply templates and the vision engine; absent when not configured. */
  llm?: LlmEngine | null;
  /** The client of an environment's own LLM endpoint (`PipelineConfig.llm`); the main thread's. */
  llmFor?: (endpoint: EnvironmentLlmEndpoint) => LlmEngine;
  /** Extractions already made, by content and settings ("use cache"); absent in tests and benchmarks. */
  extractionCache?: ExtractionCache;
  /** The deployment's workflow engine, for the consolidation; absent when not configured (WORKFLOW_BASE_URL). */
  workflow?: WorkflowEngine | null;
}

export interface WorkflowEngine {
  /** Where clients reach the public API (PUBLIC_URL): the final status call is made there. */
  publicUrl: string;
  /**
   * Posts to the workflow and answers the first WORKFLOW_ANSWER_READ_BYTES of its answer; throws a
   * CodedError saying what failed (unreachable, HTTP error, no answer in time).
   */
  post(
    workflowId: string,
    request: WorkflowRequest,
    signal: AbortSignal,
  ): Promise<{ statusCode: number; durationMs: number; answer: string }>;
}

export interface LlmEngine {
  /** The model asked for, as configured (LLM_MODEL). */
  model: string;
  /** The model's answer to one prompt. */
  complete(prompt: string, signal: AbortSignal): Promise<string>;
  /** One chat-completions exchange (integrations/llm.ts): messages with images, optionally structured output. */
  chat(request: ChatRequest, signal: AbortSignal): Promise<ChatAnswer>;
}

export type ChatContent =
  string | ({ type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } })[];

export interface ChatRequest {
  messages: { role: 'system' | 'user'; content: ChatContent }[];
  /** Structured output: the answer must be JSON valid against this schema. */
  responseFormat?: { name: string; schema: Record<string, unknown> };
}

/** The first choice of the answer: its text (null when none), the model's refusal, why it stopped. */
export interface ChatAnswer {
  content: string | null;
  refusal: string | null;
  finishReason: string | null;
  model: string;
  /** The tokens the exchange used, as the endpoint counted them (its `usage`); 0 when it did not say. */
  tokens: number;
}

export interface ExtractionCache {
  get(key: string): Promise<{ extraction: Extraction; warnings: StageText[] } | undefined>;
  set(key: string, value: { extraction: Extraction; warnings: StageText[] }): Promise<void>;
}

export interface StageContext {
  input: PipelineInput;
  config: PipelineConfig;
  services: PipelineServices;
  signal: AbortSignal;
  /** The result so far; a stage fills its own part. */
  result: AnalysisResult;
  /** What a stage keeps for a later one during this analysis only: never stored. */
  work: PipelineWork;
}

export interface PipelineWork {
  /** The attachments' bytes by index, kept by the extractor when the output module sends them. */
  attachmentFiles?: Uint8Array[];
}

/**
 * What a step says: by code (schemas/trace-messages.ts), which the console says in the reader's
 * language; a plain string is English only (the messages of parsers and libraries, the user's own
 * words).
 */
export type StageText = TraceMessage | string;

/** A step's words in English, the API's language. */
export const inEnglishText = (text: StageText): string => (typeof text === 'string' ? text : inEnglish(text));
/** A step's words by code; null when they are English words only. */
export const codedText = (text: StageText): TraceMessage | null => (typeof text === 'string' ? null : text);

/** Warnings as a test page answers them: the English, and each one's code at its index (null: English only). */
export const warningsAnswer = (texts: readonly StageText[]) => ({
  warnings: texts.map(inEnglishText),
  warningMessages: texts.map(codedText),
});

export interface StageOutcome {
  summary: StageText;
  warnings?: StageText[];
  /**
   * The step found, once running, that it cannot do its work (an LLM step without an endpoint): it
   * is traced as skipped, with its warnings, and the analysis goes on.
   */
  skipped?: boolean;
}

/**
 * One step of the pipeline (paperless-ngx's consumer plugins, DESIGN.md §6): `skipReason` says why
 * it does not run for this analysis (null: it runs); `run` fills its part of the result and
 * describes what it did. A stage stops the whole pipeline by throwing `StopPipeline`; any other
 * error fails the analysis with its message.
 */
export interface Stage {
  step: TraceStep;
  skipReason(ctx: StageContext): StageText | null;
  run(ctx: StageContext): Promise<StageOutcome>;
}

/** Ends the analysis at this step with a message for the user (e.g. nothing could be read). */
export class StopPipeline extends Error {
  /** `message` English, or a trace message (its English is the code's): the trace keeps the code. */
  readonly trace?: TraceMessage;
  constructor(message: string | TraceMessage) {
    super(typeof message === 'string' ? message : inEnglish(message));
    if (typeof message !== 'string') this.trace = message;
    this.name = 'StopPipeline';
  }
}

/**
 * A failure said by code (docs/decisions/console-failures-by-code.md): its message is the code's
 * English (the API's words, unchanged), its `trace` the code and parameters the console says in the
 * user's language. A step that throws one fails as any error does (status 'error', "This step
 * failed"), its error stored by code.
 *
 * @example
 *   throw new CodedError(traceMessage('endpointTimeout', { endpoint, seconds: 60 }));
 */
export class CodedError extends Error {
  readonly trace: TraceMessage;
  /** `message`: the English when it was said before the code (an error that crossed from another thread). */
  constructor(trace: TraceMessage, message: string = inEnglish(trace)) {
    super(message);
    this.trace = trace;
    this.name = 'CodedError';
  }
}

/**
 * The trace message an error carries (`error.trace`: a CodedError's, a ParseError's, a
 * StopPipeline's, a TaskError's), whatever its class; undefined when it has none, or something
 * that is not a known code.
 */
export const traceOf = (error: unknown): TraceMessage | undefined => {
  const trace: unknown = error instanceof Error ? (error as { trace?: unknown }).trace : undefined;
  const code = typeof trace === 'object' && trace !== null ? (trace as { code?: unknown }).code : undefined;
  return typeof code === 'string' && Object.hasOwn(TRACE_MESSAGES_EN, code)
    ? (trace as TraceMessage)
    : undefined;
};

/** Counts an LLM exchange's tokens on the analysis (`result.llmTokens`), for its consumption. */
export const countLlmTokens = (result: AnalysisResult, answer: ChatAnswer): void => {
  if (answer.tokens > 0) result.llmTokens = (result.llmTokens ?? 0) + answer.tokens;
};
