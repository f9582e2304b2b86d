import { traceList, traceMessage, type TraceMessage } from '../../../schemas/trace-messages';
import { visionProblems, type VisionProblem } from '../../../schemas/vision';
import { moduleActive } from '../module-scope';
import { countLlmTokens, type PipelineConfig, type Stage, type StageText } from '../stage';
import { readVisionAnswer, visionRequest } from './answer';
import { visionImages, visionText } from './images';

/** Whether the vision engine runs in this configuration: active in the pipeline, configured and on. */
export const visionRuns = (config: Pick<PipelineConfig, 'modules' | 'vision'>): boolean =>
  Boolean(config.vision?.active) && moduleActive(config, 'visionEngine');

const NO_LLM_ENDPOINT = traceMessage('visionNoLlm');

/** A settings problem (schemas/vision.ts) by code: its English is the problem's message. */
export const visionProblemTrace = (problem: VisionProblem): TraceMessage => {
  switch (problem.code) {
    case 'promptRequired':
      return traceMessage('visionPromptRequired');
    case 'categoriesRequired':
      return traceMessage('visionCategoriesRequired');
    case 'fieldsRequired':
      return traceMessage('visionFieldsRequired');
    case 'badKey':
      return traceMessage('visionKeyInvalid', { key: problem.key });
    case 'duplicateKey':
      return traceMessage('visionKeyTwice', { key: problem.key });
  }
};

/**
 * The vision engine step (DESIGN.md §6): the environment's prompt, the text the extractor read and
 * the images of the pages, sent to the LLM endpoint; the checked answer goes to `result.vision`.
 * Without an endpoint, before its settings are complete, or with nothing to read, the step is
 * skipped with a warning and the analysis goes on; an answer that cannot be used fails the step
 * with what was wrong.
 */
export const visionStage: Stage = {
  step: 'visionEngine',
  skipReason: ({ config }) =>
    !config.vision
      ? traceMessage('visionNotConfigured')
      : !config.vision.active
        ? traceMessage('visionOff')
        : null,
  run: async ({ input, config, services, signal, result, work }) => {
    const settings = config.vision!;
    if (!services.llm) return { skipped: true, summary: NO_LLM_ENDPOINT, warnings: [NO_LLM_ENDPOINT] };
    // Added but not set up yet (a custom prompt still empty): the analyses go on without it.
    const problems = visionProblems(settings);
    if (problems.length) {
      const reason = traceMessage('visionNotSetUp', {
        problem: traceList([visionProblemTrace(problems[0])]),
      });
      return { skipped: true, summary: reason, warnings: [reason] };
    }
    const { images, warnings: imageWarnings } = await visionImages(input, result.extraction, work, signal);
    const warnings: StageText[] = [...imageWarnings];
    const { text, cut } = visionText(input, result.extraction);
    if (cut) warnings.push(traceMessage('visionTextCut', { smart_count: text.length }));
    if (!images.length && !text) {
      const reason = traceMessage('visionNothingToRead');
      return { skipped: true, summary: reason, warnings: [reason] };
    }
    const answer = await services.llm.chat(visionRequest(settings, text, images), signal);
    // Spent even when the answer turns out unusable (the step then fails).
    countLlmTokens(result, answer);
    const read = readVisionAnswer(settings, answer, images.length);
    result.vision = read.output;
    const said =
      read.output.category !== undefined
        ? traceMessage('visionSaidCategory', { category: read.output.category ?? '' })
        : read.output.data
          ? traceMessage('visionSaidFields', {
              found: Object.values(read.output.data).filter((v) => v !== null).length,
              fields: Object.keys(read.output.data).length,
            })
          : traceMessage('visionSaidCharacters', { smart_count: read.output.text!.length });
    return {
      summary: traceMessage(text ? 'visionReadWithText' : 'visionRead', {
        model: read.output.model,
        smart_count: images.length,
        said: traceList([said]),
      }),
      warnings: [...warnings, ...read.warnings],
    };
  },
};
