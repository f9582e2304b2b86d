/**
 * The post-processing module (spec pipeline §2 menu "post-processing", trace step between the OCR
 * data extraction and the vision engine; DESIGN.md §6; docs/decisions/nlu-post-processing.md): ordered
 * rules that adjust what the symbolic steps found before the LLM steps, the information extraction
 * and the reply read it. Each rule has a Twig condition over the analysis (the templates' context,
 * docs/nlu.md) and one action: add or remove a message category, add or remove a taint (which the
 * modules after it can be routed by), or set an extracted value from a Twig template. Rules run in
 * order, each reading what the previous ones changed. Shared by the engine, the API and the console.
 */

import { DETAIL_MESSAGES_EN, fillTemplate, type CodedDetail } from './detail-messages';

/** A coded problem's English sentence. */
const inEnglish = ({ code, params }: CodedDetail) => fillTemplate(DETAIL_MESSAGES_EN[code], params);

export const POST_PROCESSING_ACTIONS = [
  'addCategory',
  'removeCategory',
  'addTaint',
  'removeTaint',
  'setData',
] as const;
export type PostProcessingAction = (typeof POST_PROCESSING_ACTIONS)[number];

export interface PostProcessingRule {
  /** What the trace and the result call it; unique in the module. */
  name: string;
  /** A Twig expression (`data.total > 1000`, `'Facture' in categories`); empty: always. */
  when: string;
  action: PostProcessingAction;
  /** The category, the taint, or the extracted value's key the action is about. */
  target: string;
  /** `setData` only: a Twig template whose text is the value (`{{ data.total|round }}`). */
  value: string;
}

export interface PostProcessingSettings {
  rules: PostProcessingRule[];
}

export const DEFAULT_POST_PROCESSING: PostProcessingSettings = { rules: [] };

/** An extracted value's key: the OCR data extraction's and the vision engine's rule. */
export const POST_PROCESSING_KEY_PATTERN = '^[A-Za-z][A-Za-z0-9_]{0,63}$';
export const POST_PROCESSING_LIMITS = {
  rules: 100,
  name: 100,
  when: 2000,
  target: 100,
  value: 5000,
} as const;

const ruleSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'action'],
  properties: {
    name: { type: 'string', maxLength: POST_PROCESSING_LIMITS.name },
    when: { type: 'string', maxLength: POST_PROCESSING_LIMITS.when },
    action: { type: 'string', enum: POST_PROCESSING_ACTIONS },
    target: { type: 'string', maxLength: POST_PROCESSING_LIMITS.target },
    value: { type: 'string', maxLength: POST_PROCESSING_LIMITS.value },
  },
} as const;

/** The JSON schema of `settings.postProcessing` on the environment. */
export const postProcessingSettingsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { rules: { type: 'array', maxItems: POST_PROCESSING_LIMITS.rules, items: ruleSchema } },
  default: DEFAULT_POST_PROCESSING,
} as const;

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** Stored settings with the defaults filled in: whatever an older or hand-edited record lacks. */
export const postProcessingSettingsOf = (stored: unknown): PostProcessingSettings => {
  const s = (typeof stored === 'object' && stored !== null ? stored : {}) as { rules?: unknown };
  const rules = Array.isArray(s.rules) ? (s.rules as Partial<PostProcessingRule>[]) : [];
  return {
    rules: rules
      .filter((r) => typeof r === 'object' && r !== null && POST_PROCESSING_ACTIONS.includes(r.action!))
      .map((r) => ({
        name: text(r.name),
        when: text(r.when),
        action: r.action!,
        target: text(r.target),
        value: text(r.value),
      })),
  };
};

/** Whether an action is about a category (its target must be a message category of the environment). */
export const isCategoryAction = (action: PostProcessingAction) =>
  action === 'addCategory' || action === 'removeCategory';

export type PostProcessingProblem =
  | { code: 'nameRequired'; path: string; message: string }
  | { code: 'duplicateName'; path: string; message: string; name: string }
  | { code: 'targetRequired'; path: string; message: string; name: string; action: PostProcessingAction }
  | { code: 'unknownCategory'; path: string; message: string; name: string; category: string }
  | { code: 'badKey'; path: string; message: string; name: string; key: string }
  /** `reason`: the template's problem by code (schemas/detail-messages.ts), said inside the sentence. */
  | { code: 'badCondition'; path: string; message: string; name: string; reason: CodedDetail }
  | { code: 'badValue'; path: string; message: string; name: string; reason: CodedDetail };

const keyPattern = new RegExp(POST_PROCESSING_KEY_PATTERN);

/**
 * Why these rules cannot run, each on its field: a rule without a name or with another's, an action
 * without its target, a category the environment does not have (when `categories`, its message
 * categories, are given), a key that is not a plain name. `templates` checks a condition and a value
 * template (the server's Twig parser; the console passes none and hears the server's on save).
 */
export const postProcessingProblems = (
  settings: PostProcessingSettings,
  templates?: { condition(when: string): CodedDetail | null; value(source: string): CodedDetail | null },
  categories?: readonly string[],
): PostProcessingProblem[] => {
  const problems: PostProcessingProblem[] = [];
  const seen = new Set<string>();
  settings.rules.forEach(({ name, when, action, target, value }, index) => {
    const path = `rules.${index}`;
    if (!name.trim())
      problems.push({ code: 'nameRequired', path: `${path}.name`, message: 'Name this rule' });
    else if (seen.has(name))
      problems.push({
        code: 'duplicateName',
        path: `${path}.name`,
        name,
        message: `Two rules are called '${name}'`,
      });
    seen.add(name);
    if (!target.trim())
      problems.push({
        code: 'targetRequired',
        path: `${path}.target`,
        name,
        action,
        message: `The rule '${name}' needs ${isCategoryAction(action) ? 'a category' : action === 'setData' ? 'a key' : 'a taint'}`,
      });
    else if (isCategoryAction(action) && categories && !categories.includes(target))
      problems.push({
        code: 'unknownCategory',
        path: `${path}.target`,
        name,
        category: target,
        message: `There is no message category '${target}' in this environment`,
      });
    else if (action === 'setData' && !keyPattern.test(target))
      problems.push({
        code: 'badKey',
        path: `${path}.target`,
        name,
        key: target,
        message: inEnglish({ code: 'settingsKeyInvalid', params: { key: target } }),
      });
    const condition = when.trim() && templates?.condition(when);
    if (condition)
      problems.push({
        code: 'badCondition',
        path: `${path}.when`,
        name,
        reason: condition,
        message: `The condition of the rule '${name}' cannot be read: ${inEnglish(condition)}`,
      });
    const template = action === 'setData' && templates?.value(value);
    if (template)
      problems.push({
        code: 'badValue',
        path: `${path}.value`,
        name,
        reason: template,
        message: `The value of the rule '${name}' cannot be read: ${inEnglish(template)}`,
      });
  });
  return problems;
};

/**
 * The template a condition is rendered as: its text is "1" when the condition holds. A condition is
 * one expression; the template parser refuses anything else around it (`}}`, `%}`, a tag).
 */
export const conditionTemplate = (when: string) => `{% if ${when.trim()} %}1{% endif %}`;

/** What one rule did to an analysis (`result.postProcessing`): applied, not applied, or why it failed. */
export interface PostProcessingOutcome {
  rule: string;
  action: PostProcessingAction;
  target: string;
  outcome: 'applied' | 'notApplied' | 'failed';
  /** `failed`: why, in the server's words (a template's error with its line); the rule then changed nothing. */
  error?: string;
  /** `failed`: why, as a code the console words. */
  errorCode?: PostProcessingFailure;
  /**
   * `templateFailed`: which template failed (the condition or the value), at which line, and the
   * template engine's own sentence, shown as a technical detail. Absent from results stored before.
   */
  templateError?: { template: 'condition' | 'value'; line: number; detail: string };
}

/** Why a rule failed: its category is gone, its template failed while it ran, it has no target. */
export type PostProcessingFailure = 'categoryGone' | 'templateFailed' | 'noTarget';
