import { traceList, traceMessage } from '../../../schemas/trace-messages';
import type { PostProcessingOutcome } from '../../../schemas/post-processing';
import { extractedData } from '../extraction/stage';
import type { Stage, StageContext } from '../stage';
import { analysisContext } from '../template-context';
import { applyPostProcessing } from './apply';

/** What the trace says of the rules' outcomes: how many applied, and why those that failed did. */
export const postProcessingSummary = (outcomes: readonly PostProcessingOutcome[]) => {
  const applied = outcomes.filter((o) => o.outcome === 'applied');
  const failed = outcomes.filter((o) => o.outcome === 'failed');
  const code = applied.length
    ? failed.length
      ? 'postProcessingAppliedNamedFailed'
      : 'postProcessingAppliedNamed'
    : failed.length
      ? 'postProcessingAppliedFailed'
      : 'postProcessingApplied';
  return {
    summary: traceMessage(code, {
      applied: applied.length,
      rules: traceList([traceMessage('rules', { smart_count: outcomes.length })]),
      names: applied.map((o) => o.rule).join(', '),
      failed: failed.length,
    }),
    // By the outcome's errorCode, as the result page says it; a template's error by its line, the
    // engine's own sentence only as a technical detail.
    warnings: failed.map((o) =>
      o.errorCode === 'categoryGone'
        ? traceMessage('postProcessingRuleCategoryGone', { rule: o.rule, category: o.target })
        : o.errorCode === 'noTarget'
          ? traceMessage('postProcessingRuleNoTarget', { rule: o.rule })
          : o.templateError
            ? traceMessage(
                o.templateError.template === 'value'
                  ? 'postProcessingRuleValueFailed'
                  : 'postProcessingRuleConditionFailed',
                { rule: o.rule, line: o.templateError.line, detail: o.templateError.detail },
              )
            : traceMessage('postProcessingRuleFailed', { rule: o.rule, reason: o.error ?? '' }),
    ),
  };
};

/**
 * Runs the environment's post-processing rules on an analysis (apply.ts) and keeps their outcomes
 * on the result. Rules may read extracted data: the information extraction's fields are read first
 * when a rule mentions `data` and they were not yet (the extraction step keeps what rules wrote).
 */
export const runPostProcessing = ({
  input,
  config,
  result,
}: Pick<StageContext, 'input' | 'config' | 'result'>) => {
  const rules = config.postProcessing!.rules;
  const readsData = rules.some((r) => /\bdata\b/.test(`${r.when} ${r.value}`));
  if (
    readsData &&
    config.extraction.fields.length &&
    !result.extractedData.some((d) => !d.ocr && !d.postProcessed)
  )
    result.extractedData = [...extractedData({ config, result }).data, ...result.extractedData];
  const outcomes = applyPostProcessing(rules, {
    result,
    context: () => analysisContext(input, config, result),
    categories: new Set(
      config.categorisation.categories.filter((c) => c.kind === 'message').map((c) => c.name),
    ),
    multiCategory: config.categorisation.multiCategory,
    fallback: config.categorisation.defaultCategory,
  });
  result.postProcessing = outcomes;
  return outcomes;
};

/**
 * The post-processing step (spec pipeline §3 trace; DESIGN.md §6): after the categorization and the
 * OCR data extraction, before the vision engine, so that its taints can route the LLM steps.
 */
export const postProcessingStage: Stage = {
  step: 'postProcessing',
  skipReason: ({ config }) =>
    !config.postProcessing?.rules.length ? traceMessage('postProcessingNoRule') : null,
  run: async (ctx) => postProcessingSummary(runPostProcessing(ctx)),
};
