import { traceMessage } from '../../../schemas/trace-messages';
import type { Stage } from '../stage';
import type { CategorisationConfig } from './model';
import { extractedData } from '../extraction/stage';
import { advancedCategoriesOf } from './advanced';
import { categorise } from './categorise';
import { categorisationCompatibility } from './compatibility';
import { usesExtractedData } from './criteria';
import { inModuleContext } from '../module-scope';

/** Whether some rule tests extracted data: worked out once per configuration, not per analysis. */
const testing = new WeakMap<CategorisationConfig, boolean>();
const testsExtractedData = (config: CategorisationConfig) => {
  let tests = testing.get(config);
  if (tests === undefined) {
    tests = config.categories.some((c) => c.rules.some((r) => usesExtractedData(r.criteria)));
    testing.set(config, tests);
  }
  return tests;
};

/**
 * The categorisation step: message and attachment categories by prioritised rules; then, when it is
 * on, the advanced categorisation template writes the message categories (advanced.ts).
 */
export const categorisationStage: Stage = {
  step: 'categorization',
  skipReason: ({ config }) =>
    config.categorisation.categories.length === 0 ? traceMessage('noCategory') : null,
  run: async ({ input, config, result }) => {
    // Rules and the advanced template may read extracted data, which the extraction step (later in
    // the trace) also reports.
    if (
      config.extraction.fields.length > 0 &&
      result.extractedData.length === 0 &&
      (testsExtractedData(config.categorisation) || config.categorisation.advancedTemplate)
    )
      result.extractedData = extractedData({ config, result }).data;
    const { categories, attachmentsCategories, taints, flagged } = categorise(
      config.categorisation,
      inModuleContext(config, 'categorization', result),
    );
    result.categories = categories;
    const template = config.categorisation.advancedTemplate;
    const advanced = template ? advancedCategoriesOf(template, { input, config, result }) : null;
    if (advanced) result.categories = advanced.categories;
    result.attachmentsCategories = attachmentsCategories;
    result.taints = taints;
    const names = result.categories.map((c) => c.name).join(', ');
    const attachments = attachmentsCategories.length;
    const code = attachments
      ? advanced
        ? 'categorisedWithAttachmentsAdvanced'
        : 'categorisedWithAttachments'
      : advanced
        ? 'categorisedAdvanced'
        : 'categorised';
    return {
      summary: traceMessage(code, { names, attachments }),
      warnings: [
        ...categorisationCompatibility(config.nlu.servers.map((s) => s.definitions.server)),
        ...flagged.map((f) =>
          traceMessage('ruleFlagged', { rule: f.rule, category: f.category, reason: f.reason }),
        ),
        ...(advanced?.warnings ?? []),
      ],
    };
  },
};
