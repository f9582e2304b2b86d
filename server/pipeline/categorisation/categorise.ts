import {
  NO_CATEGORY,
  type AnalysisResult,
  type AttachmentCategoryResult,
  type CategoryExplanation,
  type CategoryResult,
} from '../../../schemas/analysis-result';
import { byName, evaluate, holds, interactionsOf, type Scope } from './criteria';
import { normaliseValue } from '../nlu/text';
import type { CategorisationConfig, CategoryDef, RuleDef } from './model';

interface RankedRule {
  category: CategoryDef;
  rule: RuleDef;
}

export interface FlaggedRule {
  category: string;
  rule: string;
  reason: string;
}

/**
 * Rules that can never match: they name a disabled interaction (flagged, spec §4) or one that
 * does not exist.
 */
export const flaggedRules = (
  config: Pick<CategorisationConfig, 'categories' | 'interactions' | 'disabledInteractions'>,
): FlaggedRule[] => {
  const disabled = new Set(config.disabledInteractions);
  const known = new Set(config.interactions);
  return config.categories.flatMap((category) =>
    category.rules.flatMap((rule) => {
      const names = interactionsOf(rule.criteria);
      const off = names.find((n) => disabled.has(n));
      const unknown = names.find((n) => !known.has(n));
      const reason = off
        ? `it refers to the disabled interaction '${off}'`
        : unknown !== undefined
          ? `it refers to the interaction '${unknown}', which does not exist`
          : null;
      return reason ? [{ category: category.name, rule: rule.name, reason }] : [];
    }),
  );
};

/** Rules of a kind by ascending priority; equal priorities keep the categories' and rules' order. */
const ranked = (
  config: CategorisationConfig,
  kind: CategoryDef['kind'],
  flagged: Set<string>,
): RankedRule[] =>
  config.categories
    .filter((c) => c.kind === kind)
    .flatMap((category) => category.rules.filter((r) => r.enabled).map((rule) => ({ category, rule })))
    .filter(({ category, rule }) => !flagged.has(`${category.name}\u0000${rule.name}`))
    .sort((a, b) => a.rule.priority - b.rule.priority);

/** The flagged rules and the ranked rules of a configuration, worked out once per configuration. */
const preparedConfigs = new WeakMap<
  CategorisationConfig,
  { flagged: FlaggedRule[]; message: RankedRule[]; attachment: RankedRule[] }
>();
const prepared = (config: CategorisationConfig) => {
  let found = preparedConfigs.get(config);
  if (!found) {
    const flagged = flaggedRules(config);
    const keys = new Set(flagged.map((f) => `${f.category}\u0000${f.rule}`));
    found = {
      flagged,
      message: ranked(config, 'message', keys),
      attachment: ranked(config, 'attachment', keys),
    };
    preparedConfigs.set(config, found);
  }
  return found;
};

interface Decision {
  name: string;
  rule: string | null;
  taint: string | null;
  explanation: CategoryExplanation | null;
}

/** Runs the ranked rules over one scope: the first match decides, or every match adds (multi-category). */
const decide = (rules: RankedRule[], scope: Scope, multi: boolean, fallback: string | null): Decision[] => {
  const decisions: Decision[] = [];
  const decided = new Set<string>();
  for (const { category, rule } of rules) {
    if (decided.has(category.name)) continue;
    if (!holds(rule.criteria, scope)) continue;
    const criteria = evaluate(rule.criteria, scope);
    decisions.push({
      name: category.name,
      rule: rule.name,
      taint: rule.taint || null,
      explanation: { rule: rule.name, category: category.name, priority: rule.priority, criteria },
    });
    decided.add(category.name);
    scope.categories.add(category.name);
    if (!multi) break;
  }
  if (decisions.length === 0)
    decisions.push({ name: fallback || NO_CATEGORY, rule: null, taint: null, explanation: null });
  return decisions;
};

/**
 * Categorises an analysis whose NLU ran (DESIGN.md §6): message categories from the subject and
 * body's interactions, then attachment categories per attachment, or per page when the content
 * setting says so. A category decided by a rule carries its explanation.
 *
 * @example
 *   categorise(config, result).categories[0]; // { name: 'Claim', rule: 'declaration', … }
 */
export const categorise = (config: CategorisationConfig, result: AnalysisResult) => {
  const { flagged, message, attachment: attachmentRules } = prepared(config);
  const extraction = result.extraction;
  const interactions = result.nlu.interactions;
  const base = {
    extractedData: result.extractedData,
    headers: extraction?.message?.headers ?? {},
    metadata: extraction?.metadata ?? {},
    consolidationLabels: new Set((result.consolidation?.labels ?? []).map(normaliseValue)),
  };
  const messageScope: Scope = {
    ...base,
    interactions: byName(interactions, (i) => typeof i.source !== 'number'),
    categories: new Set(),
  };
  const categories: CategoryResult[] = decide(
    message,
    messageScope,
    config.multiCategory,
    config.defaultCategory,
  ).map(
    // Written out, not spread: a spread copies through a slow path here (4 % of the language stages).
    (d): CategoryResult => ({
      name: d.name,
      rule: d.rule,
      taint: d.taint,
      explanation: d.explanation,
      kind: 'message',
    }),
  );

  const attachmentsCategories: AttachmentCategoryResult[] = [];
  const hasAttachmentCategories = config.categories.some((c) => c.kind === 'attachment');
  for (const attachment of hasAttachmentCategories ? (extraction?.attachments ?? []) : []) {
    const pages =
      config.perPage && attachment.pages.length > 1 ? attachment.pages.map((_, p) => p + 1) : [null];
    for (const page of pages) {
      const scope: Scope = {
        ...base,
        interactions: byName(
          interactions,
          (i) => i.source === attachment.index && (page === null || (i.page ?? 1) === page),
        ),
        categories: new Set(categories.map((c) => c.name)),
      };
      for (const d of decide(attachmentRules, scope, config.multiCategory, config.defaultAttachmentCategory))
        attachmentsCategories.push({
          ...d,
          attachment: attachment.index,
          filename: attachment.filename,
          page,
        });
    }
  }
  const taints = [
    ...new Set([...categories, ...attachmentsCategories].flatMap((d) => (d.taint ? [d.taint] : []))),
  ];
  return { categories, attachmentsCategories, taints, flagged };
};
