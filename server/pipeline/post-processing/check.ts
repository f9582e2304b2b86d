import type { CodedDetail } from '../../../schemas/detail-messages';
import { conditionTemplate } from '../../../schemas/post-processing';
import { templateErrorDetail } from '../../templates/problems';
import { parse, TemplateError } from '../../templates/twig';

/**
 * Why a post-processing template cannot be used, or null, by code (schemas/detail-messages.ts): a
 * parse error with its line (problems.ts templateErrorDetail), or an include
 * (`postProcessingInclude`: a rule renders alone). A condition (rendered as `conditionTemplate`)
 * must stay one expression: text or tags around it, smuggled in with `%}`, are refused
 * (`postProcessingConditionNotExpression`).
 */
export const postProcessingTemplateProblem = (source: string): CodedDetail | null => {
  try {
    const [include] = parse(source).includes;
    if (include) return { code: 'postProcessingInclude', params: { line: include.line, name: include.name } };
    return null;
  } catch (err) {
    if (err instanceof TemplateError) return templateErrorDetail(err);
    throw err;
  }
};

/** The problem of a condition's template: postProcessingTemplateProblem's, or that it is not one expression. */
export const conditionProblem = (when: string): CodedDetail | null => {
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
  return single ? null : { code: 'postProcessingConditionNotExpression' };
};

/** The template checks postProcessingProblems takes, on the server. */
export const ruleTemplateChecks = { condition: conditionProblem, value: postProcessingTemplateProblem };
