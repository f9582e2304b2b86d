import type { CriterionTrace, ExtractedDatum, NluInteraction } from '../../../schemas/analysis-result';
import { normaliseValue } from '../nlu/compile';
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
}

const quote = (s: string | undefined) => `'${s ?? ''}'`;

const valueOf = (i: NluInteraction, parameter: string): string[] =>
  (i.parameters[parameter] ?? []).map((v) => v.value);

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
        description: c.type === 'all' ? 'all of' : 'any of',
        held: children.length > 0 && held,
        children,
      };
    }
    case 'not': {
      const child = evaluate(c.children?.[0] ?? { type: 'all' }, scope);
      return { description: 'not', held: !child.held, children: [child] };
    }
    case 'interaction': {
      const wanted = c.value === undefined || c.value === '' ? null : normaliseValue(c.value);
      const named = scope.interactions.get(c.name ?? '') ?? [];
      const found =
        wanted === null || !c.parameter
          ? named
          : named.filter(({ interaction }) =>
              valueOf(interaction, c.parameter!).some((v) => normaliseValue(v) === wanted),
            );
      const condition = wanted === null || !c.parameter ? '' : ` with ${c.parameter} = ${quote(c.value)}`;
      return {
        description: `interaction ${quote(c.name)}${condition} found`,
        held: found.length > 0,
        interactions: found.map((f) => f.index),
      };
    }
    case 'category':
      return { description: `category ${quote(c.name)} given`, held: scope.categories.has(c.name ?? '') };
    case 'extractedData': {
      const data = scope.extractedData.filter((d) => d.name === c.name);
      const held =
        c.value === undefined || c.value === ''
          ? data.length > 0
          : data.some((d) => normaliseValue(String(d.value)) === normaliseValue(c.value!));
      return {
        description: `extracted ${quote(c.name)}${c.value ? ` = ${quote(c.value)}` : ' present'}`,
        held,
      };
    }
    case 'header': {
      const header = scope.headers[(c.name ?? '').toLowerCase()];
      const held = header !== undefined && (!c.value || header.toLowerCase().includes(c.value.toLowerCase()));
      return {
        description: `header ${quote(c.name)}${c.value ? ` contains ${quote(c.value)}` : ' present'}`,
        held,
      };
    }
    case 'metadata': {
      const value = scope.metadata[c.name ?? ''];
      const held =
        value !== undefined && (!c.value || normaliseValue(String(value)) === normaliseValue(c.value));
      return {
        description: `metadata ${quote(c.name)}${c.value ? ` = ${quote(c.value)}` : ' present'}`,
        held,
      };
    }
  }
};

/** Interactions by name, for a scope. */
export const byName = (list: { index: number; interaction: NluInteraction }[]) => {
  const map: Scope['interactions'] = new Map();
  for (const item of list) {
    const named = map.get(item.interaction.name);
    if (named) named.push(item);
    else map.set(item.interaction.name, [item]);
  }
  return map;
};

/** Every interaction name a criteria tree refers to. */
export const interactionsOf = (c: Criterion): string[] =>
  c.type === 'interaction' ? [c.name ?? ''] : (c.children ?? []).flatMap(interactionsOf);

/** Whether a criteria tree tests extracted data (the extraction then runs before the rules). */
export const usesExtractedData = (c: Criterion): boolean =>
  c.type === 'extractedData' || (c.children ?? []).some(usesExtractedData);
