import type { Stage } from '../stage';
import type { CategorisationConfig } from './model';
import { extractedData } from '../extraction/stage';
import { categorise } from './categorise';
import { categorisationCompatibility } from './compatibility';
import { usesExtractedData } from './criteria';

const testsExtractedData = (config: CategorisationConfig) =>
  config.categories.some((c) => c.rules.some((r) => usesExtractedData(r.criteria)));

/** The categorisation step: message and attachment categories by prioritised rules. */
export const categorisationStage: Stage = {
  step: 'categorization',
  skipReason: ({ config }) =>
    config.categorisation.categories.length === 0 ? 'No category is configured in this environment' : null,
  run: async ({ config, result }) => {
    // Rules may test extracted data, which the extraction step (later in the trace) also reports.
    if (
      config.extraction.fields.length > 0 &&
      result.extractedData.length === 0 &&
      testsExtractedData(config.categorisation)
    )
      result.extractedData = extractedData({ config, result }).data;
    const { categories, attachmentsCategories, taints, flagged } = categorise(config.categorisation, result);
    result.categories = categories;
    result.attachmentsCategories = attachmentsCategories;
    result.taints = taints;
    const names = categories.map((c) => c.name).join(', ');
    const attachments = attachmentsCategories.length
      ? `; ${attachmentsCategories.length} attachment categories`
      : '';
    return {
      summary: `Categories: ${names}${attachments}`,
      warnings: [
        ...categorisationCompatibility(config.nlu.servers.map((s) => s.definitions.server)),
        ...flagged.map(
          (f) => `Rule '${f.rule}' of category '${f.category}' is flagged and never matches: ${f.reason}`,
        ),
      ],
    };
  },
};
