import type { AnalysisResult, Extraction, TraceStep } from '../../schemas/analysis-result';
import { runPipeline, STAGES } from './engine';
import { extractorStage } from './extractor/stage';
import type { PipelineConfig, PipelineInput, PipelineServices, Stage } from './stage';

/** A message analysed before, as the impact preview hands it to a pipeline thread. */
export interface StoredAnalysis {
  id: string;
  /** Pasted text (a `text` input), or a file (any other: its module input type is email or document). */
  text: boolean;
  /** What the extractor read then: the NLU and what follows start from it, nothing is read again. */
  extraction: Extraction;
}

/** What the steps after the extractor give a message: the parts of a result a test scores. */
export type Rescored = Pick<
  AnalysisResult,
  'id' | 'status' | 'error' | 'categories' | 'attachmentsCategories' | 'extractedData'
>;

/** The steps a test scores the output of; the source, reply and output steps are not run. */
const RESCORED_STEPS: readonly TraceStep[] = ['extractor', 'nlu', 'categorization', 'extraction'];

const noServices: PipelineServices = {
  ocr: {
    recognize: () => Promise.reject(new Error('The impact preview reads no file again')),
  },
  speech: null,
  llm: null,
  extractionCache: undefined,
};

/**
 * Runs the NLU, the categorisation and the information extraction again on analyses' stored
 * extractions, under a configuration (the impact preview's: an unsaved archetype or interaction).
 * The extractor step gives the stored extraction instead of reading the file, when the extractor
 * module runs at all — as the analysis did. Pure: it runs in a pipeline thread.
 */
export const rescore = async (config: PipelineConfig, analyses: StoredAnalysis[]): Promise<Rescored[]> => {
  const out: Rescored[] = [];
  const signal = new AbortController().signal;
  for (const analysis of analyses) {
    const stored: Stage = {
      step: 'extractor',
      skipReason: extractorStage.skipReason,
      async run({ result }) {
        result.extraction = analysis.extraction;
        return { summary: '' };
      },
    };
    const stages = Object.fromEntries(
      RESCORED_STEPS.map((step) => [step, step === 'extractor' ? stored : STAGES[step]]),
    ) as Partial<Record<TraceStep, Stage>>;
    const input: PipelineInput = analysis.text
      ? { kind: 'text', name: analysis.id, text: '', metadata: {} }
      : { kind: 'file', name: analysis.id, filename: analysis.id, bytes: new Uint8Array(0), metadata: {} };
    const result = await runPipeline(analysis.id, input, config, noServices, signal, stages);
    out.push({
      id: analysis.id,
      status: result.status,
      error: result.error,
      categories: result.categories,
      attachmentsCategories: result.attachmentsCategories,
      extractedData: result.extractedData,
    });
  }
  return out;
};
