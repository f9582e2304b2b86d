import {
  TRACE_STEPS,
  type AnalysisResult,
  type AnalysisStatus,
  type TraceEntry,
  type TraceStep,
} from '../../schemas/analysis-result';
import { categorisationStage } from './categorisation/stage';
import { consolidationStage } from './consolidation/stage';
import { extractionStage } from './extraction/stage';
import { extractorStage } from './extractor/stage';
import { nluStage } from './nlu/stage';
import { outputStage } from './output/stage';
import { replyStage } from './reply/stage';
import { sourceStage } from './source-stage';
import { ocrDataStage } from './ocr-data/stage';
import { postProcessingStage } from './post-processing/stage';
import { visionStage } from './vision/stage';
import type { PipelineConfig, PipelineInput, PipelineServices, Stage, StageText } from './stage';
import { StopPipeline, codedText, inEnglishText, traceOf } from './stage';
import { traceList, traceMessage, type TraceMessage } from '../../schemas/trace-messages';
import { MODULE_STEPS, moduleOfStep, readsInput, type ModuleEntry } from '../../schemas/modules';

/** The stages built so far, by step; a step without a stage is skipped as not configured. */
export const STAGES: Partial<Record<TraceStep, Stage>> = {
  source: sourceStage,
  extractor: extractorStage,
  nlu: nluStage,
  categorization: categorisationStage,
  ocrDataExtraction: ocrDataStage,
  postProcessing: postProcessingStage,
  visionEngine: visionStage,
  extraction: extractionStage,
  replyTemplate: replyStage,
  consolidation: consolidationStage,
  outputDelivery: outputStage,
};

const NOT_CONFIGURED = traceMessage('notConfigured');

/**
 * The steps in the order they run: the trace's own order, where the slots of the active modules'
 * steps are filled by the active modules in their configured order; an inactive module keeps its
 * own slot (where its trace says it was skipped). The default list gives the trace's order unchanged.
 */
export const executionOrder = (modules: ModuleEntry[] | undefined): TraceStep[] => {
  if (!modules) return [...TRACE_STEPS];
  const active = modules.map((m) => m.type);
  const queue = [...active];
  return TRACE_STEPS.map((step) => {
    const type = moduleOfStep(step);
    return type && active.includes(type) ? MODULE_STEPS[queue.shift()!] : step;
  });
};

/** What the analysis is, for a module's input type: known from the extraction once it ran. */
const inputKind = (input: PipelineInput, result: AnalysisResult) =>
  input.kind === 'text' ? 'text' : result.extraction?.kind === 'email' ? 'email' : 'document';

const READS = { email: 'readsEmail', document: 'readsDocument', text: 'readsText' } as const;
const IS = { email: 'isEmail', document: 'isDocument', text: 'isText' } as const;

/**
 * Why a module limited by a taint does not run for an analysis with these taints (null: it runs).
 */
const taintSkipReason = (module: ModuleEntry, taints: readonly string[]): TraceMessage | null => {
  if (!module.taint) return null;
  const has = taints.includes(module.taint);
  const params = { module: { module: module.type }, taint: module.taint };
  if ((module.taintMode ?? 'with') === 'with')
    return has
      ? null
      : taints.length
        ? traceMessage('moduleNeedsTaint', { ...params, taints: taints.map((t) => `'${t}'`).join(', ') })
        : traceMessage('moduleNeedsTaintNone', params);
  return has ? traceMessage('moduleRefusesTaint', params) : null;
};

/**
 * Why a module does not run for this analysis, before its stage is asked: not active, not its
 * input, or limited by a taint the analysis has (or lacks).
 */
const moduleSkipReason = (
  step: TraceStep,
  modules: ModuleEntry[] | undefined,
  input: PipelineInput,
  result: AnalysisResult,
): TraceMessage | null => {
  const type = moduleOfStep(step);
  if (!modules || !type) return null;
  const module = modules.find((m) => m.type === type);
  if (!module) return traceMessage('moduleInactive', { module: { module: type } });
  const kind = inputKind(input, result);
  if (!readsInput(module.inputType, kind))
    return traceMessage('moduleWrongInput', {
      module: { module: type },
      reads: traceList([traceMessage(READS[module.inputType as keyof typeof READS])]),
      is: traceList([traceMessage(IS[kind])]),
    });
  return taintSkipReason(module, result.taints ?? []);
};

export const emptyResult = (id: string): AnalysisResult => ({
  id,
  status: 'pending',
  language: null,
  extraction: null,
  categories: [],
  attachmentsCategories: [],
  extractedData: [],
  nlu: { servers: [], interactions: [] },
  deliveries: [],
  trace: [],
});

/** A message fit for a user: the error's own words, never its stack. */
export const describeError = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

/**
 * A step's error by code: the one it carries when it has one (`traceOf`: a parser's refusal, a stop,
 * a CodedError such as the vision engine's or an endpoint's), else `stepFailedDetail` with its
 * words as the detail.
 */
const errorTrace = (error: unknown, step: TraceStep): TraceMessage =>
  traceOf(error) ?? traceMessage('stepFailedDetail', { step: { step }, detail: describeError(error) });

/**
 * Runs an analysis: input + configuration → result + trace. Pure of I/O (OCR and speech come as
 * services), so the worker, the tests and the benchmarks run this same function.
 *
 * @example
 *   const result = await runPipeline('a1', { kind: 'text', name: 'note', text: 'Bonjour', metadata: {} },
 *     config, services, new AbortController().signal);
 *   result.status; // 'processed'
 */
export const runPipeline = async (
  id: string,
  input: PipelineInput,
  config: PipelineConfig,
  services: PipelineServices,
  signal: AbortSignal,
  stages: Partial<Record<TraceStep, Stage>> = STAGES,
): Promise<AnalysisResult> => {
  const result = emptyResult(id);
  const work = {};
  let stopped: { status: AnalysisStatus; reason: TraceMessage } | null = null;
  for (const step of executionOrder(config.modules)) {
    const stage = stages[step];
    const inactive = stopped ? null : moduleSkipReason(step, config.modules, input, result);
    if (stopped || !stage || inactive) {
      result.trace.push(skipped(step, stopped?.reason ?? inactive ?? NOT_CONFIGURED));
      continue;
    }
    const ctx = { input, config, services, signal, result, work };
    const reason = stage.skipReason(ctx);
    if (reason) {
      result.trace.push(skipped(step, reason));
      continue;
    }
    const started = Date.now();
    const entry: TraceEntry = {
      step,
      status: 'done',
      start: new Date(started).toISOString(),
      durationMs: 0,
      summary: '',
      warnings: [],
      errors: [],
    };
    try {
      if (signal.aborted) throw signal.reason;
      const outcome = await stage.run(ctx);
      said(entry, outcome.summary, outcome.warnings ?? []);
      if (outcome.skipped) entry.status = 'skipped';
    } catch (error) {
      if (signal.aborted) {
        entry.status = 'aborted';
        said(entry, traceMessage('stepAborted'));
        stopped = { status: 'aborted', reason: traceMessage('analysisAborted') };
      } else {
        entry.status = 'error';
        said(
          entry,
          error instanceof StopPipeline ? (error.trace ?? error.message) : traceMessage('stepFailed'),
        );
        entry.errors = [describeError(error)];
        // The error by code, always (the analysis' `errorMessage`): a parser's refusal (a file that
        // cannot be read), a stop or any error said by code; anything else is the step that failed,
        // its own words only a technical detail. The console says it in the user's language.
        entry.messages = {
          summary: null,
          warnings: [],
          ...entry.messages,
          errors: [errorTrace(error, step)],
        };
        stopped = { status: 'error', reason: traceMessage('earlierStepFailed', { step: { step } }) };
      }
    }
    entry.durationMs = Date.now() - started;
    result.trace.push(entry);
  }
  result.status = stopped?.status ?? 'processed';
  return result;
};

/**
 * Writes what a step says into its trace entry: the English sentences, and their codes where the
 * step gave codes (the console says those in the reader's language).
 */

const said = (entry: TraceEntry, summary: StageText, warnings: readonly StageText[] = []) => {
  entry.summary = inEnglishText(summary);
  entry.warnings = warnings.map(inEnglishText);
  if (typeof summary !== 'string' || warnings.some((w) => typeof w !== 'string'))
    entry.messages = { summary: codedText(summary), warnings: warnings.map(codedText) };
};

const skipped = (step: TraceStep, reason: StageText): TraceEntry => {
  const entry: TraceEntry = {
    step,
    status: 'skipped',
    start: null,
    durationMs: 0,
    summary: '',
    warnings: [],
    errors: [],
  };
  said(entry, reason);
  return entry;
};
