import { NO_CATEGORY, type AnalysisResult, type CategoryResult } from '../../../schemas/analysis-result';
import {
  conditionTemplate,
  type PostProcessingFailure,
  type PostProcessingOutcome,
  type PostProcessingRule,
} from '../../../schemas/post-processing';
import { renderTemplate, TemplateError } from '../../templates/twig';

/** How a category or value a rule set names what decided it (the result page, the payload). */
export const postProcessingSource = (rule: string) => `Post-processing rule '${rule}'`;

/** What the rules read and change, with what they read the analysis through (template-context.ts). */
export interface PostProcessingInput {
  result: AnalysisResult;
  /** The analysis as a template reads it, now: rebuilt after each rule. */
  context: () => Record<string, unknown>;
  /** The environment's message categories: a category action on another fails its rule. */
  categories: ReadonlySet<string>;
  multiCategory: boolean;
  /** What a message gets when no category is left: the default category, else NO_CATEGORY. */
  fallback: string | null;
}

const render = (name: string, template: string, context: Record<string, unknown>) =>
  renderTemplate(name, { [name]: template }, context, { autoescape: false });

/** A value a template wrote: a number when it reads as one ("1236.5"), else its text. */
const valueOf = (text: string): string | number =>
  /^-?\d+(\.\d+)?$/.test(text) && Number.isFinite(Number(text)) ? Number(text) : text;

/**
 * Runs the rules in order on a result (schemas/post-processing.ts): each rule whose condition holds
 * does its action, and the next reads what it changed. A rule whose template fails, or whose
 * category no longer exists, changes nothing and says why; the others still run.
 */
export const applyPostProcessing = (
  rules: readonly PostProcessingRule[],
  { result, context, categories, multiCategory, fallback }: PostProcessingInput,
): PostProcessingOutcome[] =>
  rules.map(({ name, when, action, target, value }) => {
    const outcome = (o: PostProcessingOutcome['outcome']): PostProcessingOutcome => ({
      rule: name,
      action,
      target,
      outcome: o,
    });
    const failed = (errorCode: PostProcessingFailure, error: string): PostProcessingOutcome => ({
      ...outcome('failed'),
      error,
      errorCode,
    });
    const categoryGone = () =>
      failed('categoryGone', `The message category '${target}' does not exist any more`);
    // An import may hold a rule the settings page would refuse: without a target it does nothing.
    if (!target.trim()) return failed('noTarget', 'The rule has no target');
    try {
      if (when.trim() && render('condition', conditionTemplate(when), context()).trim() !== '1')
        return outcome('notApplied');
      const source = postProcessingSource(name);
      switch (action) {
        case 'addCategory': {
          if (!categories.has(target)) return categoryGone();
          if (result.categories.some((c) => c.name === target)) break;
          const category: CategoryResult = {
            name: target,
            kind: 'message',
            rule: source,
            taint: null,
            explanation: {
              rule: source,
              category: target,
              priority: 0,
              criteria: { description: when.trim() || 'Always', held: true },
            },
          };
          // Single category: it replaces the rules' one; several: it joins those the rules decided.
          const kept = multiCategory ? result.categories.filter((c) => c.rule !== null) : [];
          result.categories = [...kept, category];
          break;
        }
        case 'removeCategory':
          if (!categories.has(target)) return categoryGone();
          result.categories = result.categories.filter((c) => c.name !== target);
          if (!result.categories.length)
            result.categories = [
              { name: fallback || NO_CATEGORY, kind: 'message', rule: null, taint: null, explanation: null },
            ];
          break;
        case 'addTaint':
          result.taints = [...new Set([...(result.taints ?? []), target])];
          break;
        case 'removeTaint':
          result.taints = (result.taints ?? []).filter((t) => t !== target);
          break;
        case 'setData': {
          const text = render('value', value, context()).trim();
          // The key's earlier values (a field's, the OCR data extraction's) give way; empty text removes them.
          result.extractedData = result.extractedData.filter((d) => d.name !== target);
          if (text)
            result.extractedData.push({
              name: target,
              value: valueOf(text),
              source,
              span: null,
              postProcessed: { rule: name },
            });
          break;
        }
      }
      return outcome('applied');
    } catch (err) {
      if (err instanceof TemplateError)
        return {
          ...failed('templateFailed', err.message),
          templateError: {
            template: err.template === 'value' ? 'value' : 'condition',
            line: err.line,
            detail: err.detail,
          },
        };
      throw err;
    }
  });
