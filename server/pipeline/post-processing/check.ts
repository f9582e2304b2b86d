import { conditionTemplate } from '../../../schemas/post-processing';
import { parse, TemplateError } from '../../templates/twig';

/**
 * Why a post-processing template cannot be used, or null: a syntax error (with its line), or an
 * include (a rule renders alone). A condition (rendered as `conditionTemplate`) must stay one
 * expression: text or tags around it, smuggled in with `%}`, are refused.
 */
export const postProcessingTemplateProblem = (source: string): string | null => {
  try {
    const parsed = parse(source);
    if (parsed.includes.length) return `a rule cannot include a template ('${parsed.includes[0].name}')`;
    return null;
  } catch (err) {
    if (err instanceof TemplateError) return err.message;
    throw err;
  }
};

/** The problem of a condition's template: postProcessingTemplateProblem's, or that it is not one expression. */
export const conditionProblem = (when: string): string | null => {
  const template = conditionTemplate(when);
  const problem = postProcessingTemplateProblem(template);
  if (problem) return problem;
  const [node, ...rest] = parse(template).nodes;
  const single =
    !rest.length &&
    node?.type === 'if' &&
    node.branches.length === 1 &&
    !node.otherwise.length &&
    node.branches[0].body.length === 1 &&
    node.branches[0].body[0].type === 'text' &&
    node.branches[0].body[0].value === '1';
  return single ? null : 'a condition is one expression, without tags or text around it';
};

/** The template checks postProcessingProblems takes, on the server. */
export const ruleTemplateChecks = { condition: conditionProblem, value: postProcessingTemplateProblem };
