import { inEnglish, traceMessage, type TraceMessage } from '../../../schemas/trace-messages';
import type { CriterionTrace, ExtractedDatum, NluInteraction } from '../../../schemas/analysis-result';
import { normaliseValue } from '../nlu/text';
import type { Criterion } from './model';

/** What a rule is evaluated against: one message, or one attachment (or one of its pages). */
export interface Scope {
  /** The NLU interactions of the scope by name, each with its index in the result's list. */
  interactions: Map<string, { index: number; interaction: NluInteraction }[]>;
  /** Categories given so far (the message's, for an attachment). */
  categories: Set<string>;
  extractedData: ExtractedDatum[];
  headers: Record<string, string>;
  metadata: Record<string, unknown>;
  /**
   * The labels the consolidation's workflow answered, normalised (docs/webhooks.md "Consolidation
   * workflows"): empty when it did not run before the categorisation.
   */
  consolidationLabels: Set<string>;
}

const valueOf = (i: NluInteraction, parameter: string): string[] =>
  (i.parameters[parameter] ?? []).map((v) => v.value);

type Found = { index: number; interaction: NluInteraction }[];

const NOT_FOUND: Found = [];

/** The interactions an interaction criterion finds (with its parameter condition, when it has one). */
const interactionsFound = (c: Criterion, scope: Scope): Found => {
  const named = scope.interactions.get(c.name ?? '') ?? NOT_FOUND;
  if (c.value === undefined || c.value === '' || !c.parameter) return named;
  const wanted = normaliseValue(c.value);
  return named.filter(({ interaction }) =>
    valueOf(interaction, c.parameter!).some((v) => normaliseValue(v) === wanted),
  );
};

/** Whether a leaf holds: the one place the meaning of each leaf is written. */
const leafHolds = (c: Criterion, scope: Scope): boolean => {
  switch (c.type) {
    case 'interaction':
      return interactionsFound(c, scope).length > 0;
    case 'category':
      return scope.categories.has(c.name ?? '');
    case 'extractedData': {
      const data = scope.extractedData.filter((d) => d.name === c.name);
      return c.value === undefined || c.value === ''
        ? data.length > 0
        : data.some((d) => normaliseValue(String(d.value)) === normaliseValue(c.value!));
    }
    case 'header': {
      const header = scope.headers[(c.name ?? '').toLowerCase()];
      return header !== undefined && (!c.value || header.toLowerCase().includes(c.value.toLowerCase()));
    }
    case 'metadata': {
      const value = scope.metadata[c.name ?? ''];
      return value !== undefined && (!c.value || normaliseValue(String(value)) === normaliseValue(c.value));
    }
    case 'consolidation':
      return scope.consolidationLabels.has(normaliseValue(c.name ?? ''));
    default:
      return false;
  }
};

/**
 * Whether a criteria tree holds, stopping as soon as it knows and building nothing: most rules of
 * a configuration do not hold for a given message, and only those that do need an explanation.
 */
export const holds = (c: Criterion, scope: Scope): boolean => {
  switch (c.type) {
    case 'all': {
      // Loops, not every/some: this runs for each rule of each message.
      const children = c.children ?? [];
      for (const child of children) if (!holds(child, scope)) return false;
      return children.length > 0;
    }
    case 'any':
      for (const child of c.children ?? []) if (holds(child, scope)) return true;
      return false;
    case 'not':
      return !holds(c.children?.[0] ?? { type: 'all' }, scope);
    default:
      return leafHolds(c, scope);
  }
};

const describeLeaf = (c: Criterion): TraceMessage => {
  const name = c.name ?? '';
  const value = c.value ?? '';
  switch (c.type) {
    case 'interaction':
      return c.value && c.parameter
        ? traceMessage('criterionInteractionWith', { name, parameter: c.parameter, value })
        : traceMessage('criterionInteraction', { name });
    case 'category':
      return traceMessage('criterionCategory', { name });
    case 'extractedData':
      return traceMessage(value ? 'criterionExtracted' : 'criterionExtractedPresent', { name, value });
    case 'header':
      return traceMessage(value ? 'criterionHeader' : 'criterionHeaderPresent', { name, value });
    case 'consolidation':
      return traceMessage('criterionConsolidation', { name });
    default:
      return traceMessage(value ? 'criterionMetadata' : 'criterionMetadataPresent', { name, value });
  }
};

/** A criterion's description, in English and by code. */
const described = (message: TraceMessage) => ({ description: inEnglish(message), message });

/**
 * Evaluates a criteria tree, answering whether it holds and why, down to the interactions it rests
 * on. Every branch is evaluated (no short cut), so the explanation shows each criterion's state.
 */
export const evaluate = (c: Criterion, scope: Scope): CriterionTrace => {
  switch (c.type) {
    case 'all':
    case 'any': {
      const children = (c.children ?? []).map((child) => evaluate(child, scope));
      const held = c.type === 'all' ? children.every((t) => t.held) : children.some((t) => t.held);
      return {
        ...described(traceMessage(c.type === 'all' ? 'criterionAll' : 'criterionAny')),
        held: children.length > 0 && held,
        children,
      };
    }
    case 'not': {
      const child = evaluate(c.children?.[0] ?? { type: 'all' }, scope);
      return { ...described(traceMessage('criterionNot')), held: !child.held, children: [child] };
    }
    case 'interaction': {
      const found = interactionsFound(c, scope);
      return {
        ...described(describeLeaf(c)),
        held: found.length > 0,
        interactions: found.map((f) => f.index),
      };
    }
    default:
      return { ...described(describeLeaf(c)), held: leafHolds(c, scope) };
  }
};

/** The interactions of a scope by name, each with its index in the result's list. */
export const byName = (
  interactions: NluInteraction[],
  inScope: (interaction: NluInteraction) => boolean,
): Scope['interactions'] => {
  const map: Scope['interactions'] = new Map();
  for (let index = 0; index < interactions.length; index++) {
    const interaction = interactions[index];
    if (!inScope(interaction)) continue;
    const named = map.get(interaction.name);
    if (named) named.push({ index, interaction });
    else map.set(interaction.name, [{ index, interaction }]);
  }
  return map;
};

/** Every interaction name a criteria tree refers to. */
export const interactionsOf = (c: Criterion): string[] =>
  c.type === 'interaction' ? [c.name ?? ''] : (c.children ?? []).flatMap(interactionsOf);

/** Whether a criteria tree tests extracted data (the extraction then runs before the rules). */
export const usesExtractedData = (c: Criterion): boolean =>
  c.type === 'extractedData' || (c.children ?? []).some(usesExtractedData);

/** Whether a criteria tree tests the consolidation's labels (the consolidation must then run before). */
export const usesConsolidation = (c: Criterion): boolean =>
  c.type === 'consolidation' || (c.children ?? []).some(usesConsolidation);

/** The indexes of a category's rules that test the consolidation's labels (stored rules: any shape). */
export const rulesUsingConsolidation = (rules: unknown): number[] =>
  (Array.isArray(rules) ? (rules as { criteria?: Criterion }[]) : []).flatMap((rule, i) =>
    rule?.criteria && usesConsolidation(rule.criteria) ? [i] : [],
  );

/** Whether a criteria tree reads mail headers, which only emails have. */
export const usesHeaders = (c: Criterion): boolean =>
  c.type === 'header' || (c.children ?? []).some(usesHeaders);
