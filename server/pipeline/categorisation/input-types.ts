import { fieldProblem, type FieldProblem } from '../../../schemas/detail-messages';
import type { ModuleInputType } from '../../../schemas/modules';
import { usesHeaders } from './criteria';
import type { CategoryDef } from './model';

/**
 * Spec pipeline §5: "a categorization input type must be compatible with a criterion source".
 * A rule on mail headers never holds for documents or pasted text, and pasted text has no
 * attachment to categorise: each such rule or category is named, with why, on its field.
 */
export const inputTypeProblems = (
  inputType: ModuleInputType | undefined,
  categories: Pick<CategoryDef, 'name' | 'kind' | 'rules'>[],
): (FieldProblem & { category: string })[] => {
  if (!inputType || inputType === 'all' || inputType === 'email') return [];
  const readsHeaders = inputType === 'text' ? 'ruleReadsHeadersText' : 'ruleReadsHeadersDocument';
  return categories.flatMap((c) => [
    ...(c.kind === 'attachment' && inputType === 'text'
      ? [{ category: c.name, ...fieldProblem('kind', 'attachmentCategoryForText', { category: c.name }) }]
      : []),
    ...c.rules.flatMap((r, i) =>
      usesHeaders(r.criteria)
        ? [
            {
              category: c.name,
              ...fieldProblem(`rules.${i}.criteria`, readsHeaders, { rule: r.name, category: c.name }),
            },
          ]
        : [],
    ),
  ]);
};
