import { environmentDocuments } from './documents';
import type { SaveRule } from '../resources/rules';
import type { ReplyTemplateDef } from '../pipeline/stage';
import type { FieldError } from '../resources/validation';
import { templateProblems } from '../templates/problems';
import { fieldProblem } from '../../schemas/detail-messages';

/** What the rules read of a reply template. */
export interface TemplateDoc {
  name: string;
  body: string;
  isDefault: boolean;
}

export const templateDoc = (data: Record<string, unknown>): TemplateDoc => ({
  name: String(data.name ?? ''),
  body: typeof data.body === 'string' ? data.body : '',
  isDefault: data.isDefault === true,
});

/**
 * The problems of a set of reply templates (spec pipeline §5), by index in `templates`: Twig syntax
 * errors with their line, includes of templates that do not exist, templates that include
 * themselves directly or through others, and a second default. The same rules hold one template
 * at a time when it is saved and for a whole configuration when it is imported.
 */
export const replyTemplateProblems = (
  templates: readonly TemplateDoc[],
): { index: number; error: FieldError }[] => {
  const byName = templateProblems(Object.fromEntries(templates.map((t) => [t.name, t.body])), 'body');
  const problems = templates.flatMap((t, index) => (byName[t.name] ?? []).map((error) => ({ index, error })));
  const defaults = templates.map((t, index) => ({ t, index })).filter(({ t }) => t.isDefault);
  for (const { index } of defaults.slice(1))
    problems.push({
      index,
      error: fieldProblem('isDefault', 'secondDefaultTemplate', { name: defaults[0].t.name }),
    });
  return problems;
};

/** On save: the template's own problems among the environment's others (theirs are not its fault). */
export const replyTemplateRule: SaveRule = async (q, environmentId, data, id) => {
  const others = (await environmentDocuments(q, environmentId, 'reply-template')).filter((d) => d.id !== id);
  // Stored defaults first: the template being saved is the one refused as a second default.
  const templates = [...others.map((d) => templateDoc(d.data)), templateDoc(data)];
  const self = templates.length - 1;
  return replyTemplateProblems(templates)
    .filter((p) => p.index === self)
    .map((p) => p.error);
};

/** A stored reply template in the pipeline's shape. */
export const replyTemplateDef = (data: Record<string, unknown>): ReplyTemplateDef => ({
  ...templateDoc(data),
  llm: data.llm === true,
});
