import type { ModuleInputType } from '../../../schemas/modules';
import { usesHeaders } from './criteria';
import type { CategoryDef } from './model';

const READS: Record<Exclude<ModuleInputType, 'all'>, string> = {
  email: 'emails',
  document: 'documents',
  text: 'pasted text',
};

/**
 * Spec pipeline §5: "a categorization input type must be compatible with a criterion source".
 * A rule on mail headers never holds for documents or pasted text, and pasted text has no
 * attachment to categorise: each such rule or category is named, with why, on its field.
 */
export const inputTypeProblems = (
  inputType: ModuleInputType | undefined,
  categories: Pick<CategoryDef, 'name' | 'kind' | 'rules'>[],
): { category: string; path: string; message: string }[] => {
  if (!inputType || inputType === 'all' || inputType === 'email') return [];
  const reads = READS[inputType];
  return categories.flatMap((c) => [
    ...(c.kind === 'attachment' && inputType === 'text'
      ? [
          {
            category: c.name,
            path: 'kind',
            message: `Category '${c.name}' is for attachments, which ${reads} never has`,
          },
        ]
      : []),
    ...c.rules.flatMap((r, i) =>
      usesHeaders(r.criteria)
        ? [
            {
              category: c.name,
              path: `rules.${i}.criteria`,
              message: `Rule '${r.name}' of category '${c.name}' reads mail headers: a categorization reading ${reads} never gets any`,
            },
          ]
        : [],
    ),
  ]);
};
