import type { CodedDetail } from '../../../schemas/detail-messages';
import type { InteractionFunctionDef } from './model';
import type { Occurrence } from './occurrences';
import { normaliseValue } from './text';

/**
 * The interaction-function catalogue (DESIGN.md §6; user documentation in docs/nlu.md). Each
 * entry says which parameters it uses and how it refines an interaction's occurrences, given every
 * occurrence found in the same text before any function ran (so functions never depend on the order
 * interactions are listed in).
 */
interface FunctionEntry {
  uses: (keyof InteractionFunctionDef)[];
  /** Keeps (true), drops (false) an occurrence, possibly adding copied values to it. */
  apply(
    occurrence: Occurrence,
    def: InteractionFunctionDef,
    others: (name: string) => Occurrence[],
    text: string,
  ): boolean;
}

const gap = (a: Occurrence, b: Occurrence) => Math.max(b.first - a.last, a.first - b.last, 0);

/** The text of a parameter's first match, or a value a function copied into it. */
export const parameterText = (o: Occurrence, name: string, text: string): string | undefined =>
  o.copied?.[name]?.value ??
  (o.parameters[name]?.[0] ? text.slice(o.parameters[name][0].start, o.parameters[name][0].end) : undefined);

/** Reads "1 234,56", "1,234.56", "12.5", "-3" as numbers; anything else is not one. */
export const parseNumber = (value: string): number | undefined => {
  let s = value.replace(/[\s\u00a0\u202f']/g, '').replace(/[^\d.,-]/g, '');
  const lastComma = s.lastIndexOf(',');
  const lastDot = s.lastIndexOf('.');
  if (lastComma > lastDot) s = s.replace(/\./g, '').replace(',', '.');
  else s = s.replace(/,/g, '');
  const n = Number.parseFloat(s);
  return Number.isFinite(n) ? n : undefined;
};

export const FUNCTIONS: Record<InteractionFunctionDef['functionName'], FunctionEntry> = {
  followedBy: {
    uses: ['interactionAfter'],
    apply: (o, d, others) => others(d.interactionAfter!).some((x) => x.first >= o.last),
  },
  precededBy: {
    uses: ['interactionBefore'],
    apply: (o, d, others) => others(d.interactionBefore!).some((x) => x.last <= o.first),
  },
  near: {
    uses: ['interactionAround'],
    apply: (o, d, others) =>
      others(d.interactionAround!).some(
        (x) => x !== o && (o.interaction.distance < 0 || gap(o, x) <= o.interaction.distance),
      ),
  },
  immediatelyFollowedBy: {
    uses: ['interactionRightAfter'],
    apply: (o, d, others) => others(d.interactionRightAfter!).some((x) => x.first === o.last),
  },
  immediatelyPrecededBy: {
    uses: ['interactionRightBefore'],
    apply: (o, d, others) => others(d.interactionRightBefore!).some((x) => x.last === o.first),
  },
  parameterEquals: {
    uses: ['parameterName', 'stringValue'],
    apply: (o, d, _others, text) => {
      const value = parameterText(o, d.parameterName!, text);
      return value !== undefined && normaliseValue(value) === normaliseValue(d.stringValue ?? '');
    },
  },
  copyParameter: {
    uses: ['interactionToFind', 'parameterToFind', 'parameterName'],
    apply: (o, d, others, text) => {
      const nearest = others(d.interactionToFind!)
        .filter((x) => x !== o && parameterText(x, d.parameterToFind!, text) !== undefined)
        .sort((a, b) => gap(o, a) - gap(o, b))[0];
      if (nearest)
        (o.copied ??= {})[d.parameterName!] = {
          value: parameterText(nearest, d.parameterToFind!, text)!,
          from: `${d.interactionToFind}.${d.parameterToFind}`,
        };
      return true;
    },
  },
  compareToBaseline: {
    uses: ['parameterName', 'parameterBaseline'],
    apply: (o, d, _others, text) => {
      const value = parseNumber(parameterText(o, d.parameterName!, text) ?? '');
      const baseline = parseNumber(parameterText(o, d.parameterBaseline!, text) ?? d.parameterBaseline!);
      return value !== undefined && baseline !== undefined && value >= baseline;
    },
  },
};

/** What is missing from a function's definition, for the user; empty when it is whole. */
export const functionProblems = (
  def: InteractionFunctionDef,
  interactionNames: Set<string>,
): CodedDetail[] => {
  const entry = FUNCTIONS[def.functionName];
  if (!entry) return [{ code: 'nluFunctionNotInCatalogue', params: { name: def.functionName } }];
  const problems: CodedDetail[] = [];
  for (const field of entry.uses) {
    const value = def[field];
    if (typeof value !== 'string' || value.trim() === '')
      problems.push({ code: 'nluFunctionFieldRequired', params: { field, function: def.functionName } });
    else if (field.startsWith('interaction') && !interactionNames.has(value))
      problems.push({ code: 'nluFunctionInteractionUnknown', params: { field, name: value } });
  }
  return problems;
};

/**
 * Applies an interaction's functions, in order, to its occurrences in one text. `others` gives the
 * occurrences of any interaction in that text, as found before functions ran.
 */
export const applyFunctions = (
  occurrences: Occurrence[],
  text: string,
  others: (name: string) => Occurrence[],
): Occurrence[] => {
  if (occurrences.length === 0) return occurrences;
  const functions = occurrences[0].interaction.functions;
  if (functions.length === 0) return occurrences;
  return occurrences.filter((o) =>
    functions.every((def) => FUNCTIONS[def.functionName].apply(o, def, others, text)),
  );
};
