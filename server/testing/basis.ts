import type {
  AnalysisResult,
  ExtractedDatum,
  Extraction,
  NluInteraction,
} from '../../schemas/analysis-result';
import { readsInput } from '../../schemas/modules';
import { categorise } from '../pipeline/categorisation/categorise';
import { inModuleContext } from '../pipeline/module-scope';
import type { PipelineConfig } from '../pipeline/stage';

/**
 * A test item's basis (migration 015, written by testing/campaign.ts when the item is collected):
 * what its analysis gave the categorisation, and the rule that decided each category. The impact
 * preview categorises it again under an edited configuration; the comparison of two runs reads
 * which rules decided and which interactions were found.
 */
export interface Basis {
  /** What the analysis was, for a module's input type. */
  kind: 'email' | 'document' | 'text';
  /** The interactions found, without their text. */
  interactions: Omit<NluInteraction, 'text'>[];
  extractedData: ExtractedDatum[];
  headers: Record<string, string>;
  metadata: Record<string, string | number | boolean>;
  attachments: { index: number; filename: string; pages: number }[];
  /** Each category given: by which rule (null: the default), for which attachment (null: the message). */
  decisions: Decision[];
}

export interface Decision {
  category: string;
  rule: string | null;
  attachment: number | null;
}

/**
 * The environment's configuration version outside its categories, as an SQL expression over the
 * row's `environment_id`: what a test stores when it ends, and what the preview compares it with.
 */
export const BASIS_VERSION_SQL = `(SELECT max(version) FROM resource_versions
  WHERE scope_key = environment_id AND resource <> 'category')`;

/** The part of an analysis result the categorisation reads, rebuilt from a basis. */
const resultOf = (basis: Basis): AnalysisResult => {
  const extraction = {
    message: { headers: basis.headers },
    metadata: basis.metadata,
    // Categorisation reads a page count and the attachment's name; the pages' text is not kept.
    attachments: basis.attachments.map((a) => ({
      index: a.index,
      filename: a.filename,
      pages: Array.from({ length: a.pages }, () => ({ text: '' })),
    })),
  } as unknown as Extraction;
  return {
    extraction,
    extractedData: basis.extractedData,
    nlu: { servers: [], interactions: basis.interactions as NluInteraction[] },
  } as unknown as AnalysisResult;
};

/** The categories a configuration gives a message, from its basis: as the pipeline would. */
export const categoriesOf = (
  config: Pick<PipelineConfig, 'modules' | 'categorisation'>,
  basis: Basis,
): { categories: string[]; attachmentsCategories: string[]; decisions: Decision[] } => {
  // The step is skipped (spec pipeline §3): no category, or a module that is off or reads other input.
  const module = config.modules?.find((m) => m.type === 'categorization');
  if (
    config.categorisation.categories.length === 0 ||
    (config.modules && (!module || !readsInput(module.inputType, basis.kind)))
  )
    return { categories: [], attachmentsCategories: [], decisions: [] };
  const result = inModuleContext(config, 'categorization', resultOf(basis));
  const { categories, attachmentsCategories } = categorise(config.categorisation, result);
  return {
    categories: [...new Set(categories.map((c) => c.name))],
    attachmentsCategories: [...new Set(attachmentsCategories.map((c) => c.name))],
    decisions: [
      ...categories.map((c) => ({ category: c.name, rule: c.rule, attachment: null })),
      ...attachmentsCategories.map((c) => ({ category: c.name, rule: c.rule, attachment: c.attachment })),
    ],
  };
};
