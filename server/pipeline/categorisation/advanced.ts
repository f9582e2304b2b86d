import { NO_CATEGORY, type CategoryResult } from '../../../schemas/analysis-result';
import { traceMessage, type TraceMessage } from '../../../schemas/trace-messages';
import { renderTemplate, TemplateError } from '../../templates/twig';
import { StopPipeline, type StageContext } from '../stage';
import { analysisContext } from '../template-context';

/** How the result names what decided a category of the advanced categorisation. */
export const ADVANCED_RULE = 'Advanced categorisation';
/** The name the template renders under (its errors' line is said by code, without it). */
const TEMPLATE_NAME = 'advanced categorisation';

/**
 * The advanced categorisation (spec pipeline §2, DESIGN.md §6): a Twig template rendered with the
 * analysis (docs/nlu.md), whose text is the message's categories, one per line or separated by
 * commas. It reads what the rules gave (`categories`) and may keep, change or add to it. Names
 * that are not message categories of the environment are left out with a warning; no name at all
 * gives the default category, else NO_CATEGORY, as when no rule matches.
 *
 * @example
 *   advancedCategories("{% if 'urgent' in interactions %}Urgent{% endif %}", context, known, null)
 */
export const advancedCategories = (
  template: string,
  context: Record<string, unknown>,
  known: ReadonlySet<string>,
  fallback: string | null,
): { categories: CategoryResult[]; warnings: TraceMessage[] } => {
  let text: string;
  try {
    text = renderTemplate(TEMPLATE_NAME, { [TEMPLATE_NAME]: template }, context, { autoescape: false });
  } catch (err) {
    // By code, the engine's sentence only as a technical detail: the console says it in the user's language.
    if (err instanceof TemplateError)
      throw new StopPipeline(
        traceMessage('advancedCategorisationFailed', { line: err.line, detail: err.detail }),
      );
    throw err;
  }
  const written = [
    ...new Set(
      text
        .split(/[\n,]/)
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  const names = written.filter((n) => known.has(n));
  const warnings = written
    .filter((n) => !known.has(n))
    .map((name) => traceMessage('advancedCategoryUnknown', { name }));
  const categories: CategoryResult[] = names.map((name) => ({
    name,
    kind: 'message',
    rule: ADVANCED_RULE,
    taint: null,
    explanation: {
      rule: ADVANCED_RULE,
      category: name,
      priority: 0,
      criteria: { description: 'Written by the advanced categorisation template', held: true },
    },
  }));
  if (categories.length === 0)
    categories.push({
      name: fallback || NO_CATEGORY,
      kind: 'message',
      rule: null,
      taint: null,
      explanation: null,
    });
  return { categories, warnings };
};

/**
 * The advanced categorisation of an analysis whose rules ran, with `template`: the environment's
 * own (the categorisation step) or one being edited (its test).
 */
export const advancedCategoriesOf = (
  template: string,
  { input, config, result }: Pick<StageContext, 'input' | 'config' | 'result'>,
) =>
  advancedCategories(
    template,
    analysisContext(input, config, result),
    new Set(config.categorisation.categories.filter((c) => c.kind === 'message').map((c) => c.name)),
    config.categorisation.defaultCategory,
  );
