import {
  TRACE_STEPS,
  type AnalysisResult,
  type AnalysisStatus,
  type TraceEntry,
  type TraceStep,
} from '../../schemas/analysis-result';
import { categorisationStage } from './categorisation/stage';
import { extractionStage } from './extraction/stage';
import { extractorStage } from './extractor/stage';
import { nluStage } from './nlu/stage';
import { replyStage } from './reply/stage';
import { sourceStage } from './source-stage';
import type { PipelineConfig, PipelineInput, PipelineServices, Stage } from './stage';
import { StopPipeline } from './stage';

/** The stages built so far, by step; a step without a stage is skipped as not configured. */
export const STAGES: Partial<Record<TraceStep, Stage>> = {
  source: sourceStage,
  extractor: extractorStage,
  nlu: nluStage,
  categorization: categorisationStage,
  extraction: extractionStage,
  replyTemplate: replyStage,
};

const NOT_CONFIGURED = 'No module of this step is configured in this environment';

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
  let stopped: { status: AnalysisStatus; reason: string } | null = null;
  for (const step of TRACE_STEPS) {
    const stage = stages[step];
    if (stopped || !stage) {
      result.trace.push(skipped(step, stopped?.reason ?? NOT_CONFIGURED));
      continue;
    }
    const ctx = { input, config, services, signal, result };
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
      entry.summary = outcome.summary;
      entry.warnings = outcome.warnings ?? [];
    } catch (error) {
      if (signal.aborted) {
        entry.status = 'aborted';
        entry.summary = 'The analysis was aborted during this step';
        stopped = { status: 'aborted', reason: 'The analysis was aborted' };
      } else {
        entry.status = 'error';
        entry.summary = error instanceof StopPipeline ? error.message : `This step failed`;
        entry.errors = [describeError(error)];
        stopped = { status: 'error', reason: `An earlier step (${step}) failed` };
      }
    }
    entry.durationMs = Date.now() - started;
    result.trace.push(entry);
  }
  result.status = stopped?.status ?? 'processed';
  return result;
};

const skipped = (step: TraceStep, reason: string): TraceEntry => ({
  step,
  status: 'skipped',
  start: null,
  durationMs: 0,
  summary: reason,
  warnings: [],
  errors: [],
});
