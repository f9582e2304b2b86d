// The testing centre's scoring: a test run's expected and detected labels per message become TP, FP
// and FN per classification, then precision and sensitivity per classification and in total.
// Pure and linear in the number of labels, so that a 10,000-message run scores in the worker that
// ran it, in a test, or in a benchmark alike.

import { NO_CATEGORY } from '../../schemas/analysis-result';
import {
  CATEGORY_KINDS,
  CLASSIFICATION_KINDS,
  type ClassificationKind,
} from '../../schemas/bank-message.schema';
import { canonicalValue, type ValueType } from '../../schemas/classification.schema';
import { KINDS_OF_MODULE, type DomainModuleType } from '../../schemas/domain-module.schema';

export { CLASSIFICATION_KINDS, type ClassificationKind };

/** One expectation or detection: a classification (a category name, or an extraction field's name) and, for extraction kinds, its value (null for category kinds). */
export interface Label {
  classification: string;
  value: string | null;
}

/** One message of a run, as scored. */
export interface ScoredItem {
  messageId: string;
  /** Kinds this message is qualified for (its expectations for that kind are complete). */
  qualified: readonly ClassificationKind[];
  expected: Partial<Record<ClassificationKind, readonly Label[]>>;
  /** What the analysis gave; an analysis that failed detected nothing. */
  detected: Partial<Record<ClassificationKind, readonly Label[]>>;
  /** What the message was, for the domain rules' input types (null or absent: unknown). */
  input?: 'email' | 'document' | 'text' | null;
}

/**
 * The run's domain rules (testing/domain-rules.ts): the rule that covers a classification of a kind
 * for a message of an input kind, or none. A covered classification scores the output of the
 * rule's module; one not covered is NO_DOMAIN_RULE.
 */
export type DomainCoverage = (
  kind: ClassificationKind,
  classification: string,
  input: 'email' | 'document' | 'text' | null,
) => { moduleType: DomainModuleType } | undefined;

/**
 * The project's classification settings (testing/classifications.ts): how a classification's values
 * compare, and whether it is scored at all. Absent: every value is text, every classification scored.
 */
export interface ClassificationReading {
  valueType: ValueType;
  ignored: boolean;
  visibility: 'public' | 'private';
}
export type ClassificationReadings = (
  kind: ClassificationKind,
  name: string,
) => ClassificationReading | undefined;

export interface Counts {
  tp: number;
  fp: number;
  fn: number;
}
export interface ClassificationScore extends Counts {
  classification: string;
  precision: number | null;
  sensitivity: number | null;
  /** tp + fn */ expected: number;
  /** tp + fp */ detected: number;
  /** fp + fn */ falses: number;
}
export interface KindScores {
  kind: ClassificationKind;
  /** Sorted by classification name (locale-independent, codepoint order). */
  classifications: ClassificationScore[];
  micro: Counts & { precision: number | null; sensitivity: number | null };
  /** Mean of the per-classification values that are defined (null when none is). */
  macro: { precision: number | null; sensitivity: number | null };
  /** Messages scored for this kind, and those left out as NO_QUALIFIED. */
  qualifiedMessages: number;
  notQualifiedMessages: number;
  /** Classifications no domain rule covers, left out: how many qualified messages expected or detected each. */
  noDomainRule: { classification: string; messages: number }[];
  /** Classifications the project's settings ignore, left out: how many qualified messages expected or detected each. */
  ignored: { classification: string; messages: number }[];
  /** Classifications of the kind the project's settings make private (left out of exports), sorted. */
  private: string[];
}
/** Each message's outcome per kind, for the FP / FN lists: labels that were TP, FP and FN. */
export interface ItemOutcome {
  messageId: string;
  kind: ClassificationKind;
  tp: Label[];
  fp: Label[];
  fn: Label[];
}

/** The outcome of a message left out of a kind's scores because its expectations are incomplete. */
export const NO_QUALIFIED = 'NO_QUALIFIED';
/** The outcome of a classification that no domain rule of the run covers. */
export const NO_DOMAIN_RULE = 'NO_DOMAIN_RULE';

/**
 * One message's labels of one kind as values per classification. Nested sets rather than one set of
 * joined strings, so that no classification or value can collide with another however it is
 * spelled, and null stays apart from "".
 */
type LabelSet = Map<string, Set<string | null>>;

/** The value type of a classification of the kind being scored (undefined: text). */
type TypeOf = (classification: string) => ValueType | undefined;

const labelSet = (labels: readonly Label[] | undefined, types: TypeOf | null): LabelSet => {
  const set: LabelSet = new Map();
  for (const { classification, value: raw } of labels ?? []) {
    const type = types?.(classification);
    // A value of a typed classification in its one spelling; one not of the type stays as written
    // (it then matches only the same text, never a value of the type).
    const value = type && type !== 'string' && raw !== null ? (canonicalValue(type, raw) ?? raw) : raw;
    const values = set.get(classification);
    if (values) values.add(value);
    else set.set(classification, new Set([value]));
  }
  return set;
};

/**
 * Labels of `from` that `other` has (into `present`) or lacks (into `absent`): detected against
 * expected gives TP and FP, expected against detected gives FN (its `present`, the same TP, is null).
 */
const split = (from: LabelSet, other: LabelSet, present: Label[] | null, absent: Label[]) => {
  for (const [classification, values] of from) {
    const otherValues = other.get(classification);
    for (const value of values) {
      if (otherValues?.has(value)) present?.push({ classification, value });
      else absent.push({ classification, value });
    }
  }
};

const isCategoryKind = (kind: ClassificationKind) => (CATEGORY_KINDS as readonly string[]).includes(kind);

const ratio = (numerator: number, denominator: number) =>
  denominator === 0 ? null : numerator / denominator;

const meanOfDefined = (values: readonly (number | null)[]) => {
  let sum = 0;
  let count = 0;
  for (const value of values) {
    if (value === null) continue;
    sum += value;
    count++;
  }
  return count === 0 ? null : sum / count;
};

/**
 * Orders by code point, as the product promises whatever the server's locale: `<` compares UTF-16
 * units, which puts an astral character (a surrogate pair, D800–DFFF) before U+E000–FFFF.
 */
export const byCodePoint = (a: string, b: string) => {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return codePointRank(x) - codePointRank(y);
  }
  return a.length - b.length;
};
const codePointRank = (unit: number) => (unit >= 0xd800 && unit <= 0xdfff ? unit + 0x10000 : unit);

const countsOf = (counts: Map<string, Counts>, classification: string) => {
  let found = counts.get(classification);
  if (!found) counts.set(classification, (found = { tp: 0, fp: 0, fn: 0 }));
  return found;
};

const tally = (counts: Map<string, Counts>, labels: readonly Label[], outcome: keyof Counts) => {
  for (const { classification } of labels) countsOf(counts, classification)[outcome]++;
};

const classificationScore = (classification: string, { tp, fp, fn }: Counts): ClassificationScore => ({
  classification,
  tp,
  fp,
  fn,
  precision: ratio(tp, tp + fp),
  sensitivity: ratio(tp, tp + fn),
  expected: tp + fn,
  detected: tp + fp,
  falses: fp + fn,
});

/** Scores one kind, appending its messages' outcomes; null when the kind has nothing to show. */
/**
 * Applies the run's domain rules to one message's labels of a kind, in place: a classification no
 * rule covers leaves both sets (counted in `uncovered`); one covered by a rule whose module does not
 * give this kind keeps its expectations but detects nothing.
 */
const applyDomain = (
  kind: ClassificationKind,
  expected: LabelSet,
  detected: LabelSet,
  input: ScoredItem['input'],
  domain: DomainCoverage,
  uncovered: Map<string, number>,
) => {
  for (const classification of new Set([...expected.keys(), ...detected.keys()])) {
    const rule = domain(kind, classification, input ?? null);
    if (!rule) {
      expected.delete(classification);
      detected.delete(classification);
      uncovered.set(classification, (uncovered.get(classification) ?? 0) + 1);
    } else if (!KINDS_OF_MODULE[rule.moduleType]?.includes(kind)) detected.delete(classification);
  }
};

/**
 * Applies the project's settings to one message's labels of a kind, in place: an ignored
 * classification leaves both sets (counted in `ignored`); a private one is noted for the exports.
 */
const applyReadings = (
  kind: ClassificationKind,
  expected: LabelSet,
  detected: LabelSet,
  readings: ClassificationReadings,
  ignored: Map<string, number>,
  privates: Set<string>,
) => {
  for (const classification of new Set([...expected.keys(), ...detected.keys()])) {
    const reading = readings(kind, classification);
    if (!reading) continue;
    if (reading.visibility === 'private') privates.add(classification);
    if (reading.ignored) {
      expected.delete(classification);
      detected.delete(classification);
      ignored.set(classification, (ignored.get(classification) ?? 0) + 1);
    }
  }
};

const scoreKind = (
  kind: ClassificationKind,
  items: readonly ScoredItem[],
  outcomes: ItemOutcome[],
  domain: DomainCoverage | null,
  readings: ClassificationReadings | null,
): KindScores | null => {
  const counts = new Map<string, Counts>();
  const uncovered = new Map<string, number>();
  const ignored = new Map<string, number>();
  const privates = new Set<string>();
  const types: TypeOf | null = readings ? (c) => readings(kind, c)?.valueType : null;
  let qualifiedMessages = 0;
  let detectedAny = false;
  for (const item of items) {
    const detectedLabels = item.detected[kind];
    if (detectedLabels?.length) detectedAny = true;
    if (!item.qualified.includes(kind)) continue;
    qualifiedMessages++;
    const expected = labelSet(item.expected[kind], types);
    const detected = labelSet(detectedLabels, types);
    if (readings) applyReadings(kind, expected, detected, readings, ignored, privates);
    if (domain) applyDomain(kind, expected, detected, item.input, domain, uncovered);
    // docs/testing-centre.md, "NO_CATEGORY, NO_QUALIFIED, NO_DOMAIN_RULE": NO_CATEGORY says that
    // nothing was detected, so a message qualified as expecting no category that gets it is right
    // (a true negative, in no count) rather than a false positive of NO_CATEGORY.
    if (isCategoryKind(kind) && expected.size === 0) detected.delete(NO_CATEGORY);
    const outcome: ItemOutcome = { messageId: item.messageId, kind, tp: [], fp: [], fn: [] };
    split(detected, expected, outcome.tp, outcome.fp);
    split(expected, detected, null, outcome.fn);
    tally(counts, outcome.tp, 'tp');
    tally(counts, outcome.fp, 'fp');
    tally(counts, outcome.fn, 'fn');
    if (outcome.tp.length || outcome.fp.length || outcome.fn.length) outcomes.push(outcome);
  }
  if (qualifiedMessages === 0 && !detectedAny) return null;

  const classifications = [...counts.keys()]
    .sort(byCodePoint)
    .map((c) => classificationScore(c, countsOf(counts, c)));
  const micro = { tp: 0, fp: 0, fn: 0 };
  for (const score of classifications) {
    micro.tp += score.tp;
    micro.fp += score.fp;
    micro.fn += score.fn;
  }
  return {
    kind,
    classifications,
    micro: {
      ...micro,
      precision: ratio(micro.tp, micro.tp + micro.fp),
      sensitivity: ratio(micro.tp, micro.tp + micro.fn),
    },
    macro: {
      precision: meanOfDefined(classifications.map((score) => score.precision)),
      sensitivity: meanOfDefined(classifications.map((score) => score.sensitivity)),
    },
    qualifiedMessages,
    notQualifiedMessages: items.length - qualifiedMessages,
    noDomainRule: [...uncovered.keys()]
      .sort(byCodePoint)
      .map((classification) => ({ classification, messages: uncovered.get(classification)! })),
    ignored: [...ignored.keys()]
      .sort(byCodePoint)
      .map((classification) => ({ classification, messages: ignored.get(classification)! })),
    private: [...privates].sort(byCodePoint),
  };
};

/**
 * Scores a test run: per kind (in CLASSIFICATION_KINDS order, those with a qualified message or a
 * detection), TP / FP / FN, precision and sensitivity per classification, micro and macro totals;
 * and, kind by kind in the items' order, each qualified message's labels that were TP, FP or FN.
 * A label matches on its classification and its exact value; a label given twice counts once.
 * With `domain` (the run's domain rules), only the classifications a rule covers are scored; the
 * others are NO_DOMAIN_RULE, counted per classification in `noDomainRule`. With `readings` (the
 * project's classification settings), values compare by their classification's type and ignored
 * classifications are left out, counted in `ignored`.
 *
 * @example
 * const { kinds } = scoreRun([
 *   { messageId: 'm1', qualified: ['categories'],
 *     expected: { categories: [{ classification: 'Claim', value: null }] },
 *     detected: { categories: [{ classification: 'Claim', value: null }] } },
 * ]);
 * kinds[0].micro; // { tp: 1, fp: 0, fn: 0, precision: 1, sensitivity: 1 }
 */
export const scoreRun = (
  items: readonly ScoredItem[],
  domain: DomainCoverage | null = null,
  readings: ClassificationReadings | null = null,
): { kinds: KindScores[]; outcomes: ItemOutcome[] } => {
  const kinds: KindScores[] = [];
  const outcomes: ItemOutcome[] = [];
  for (const kind of CLASSIFICATION_KINDS) {
    const scores = scoreKind(kind, items, outcomes, domain, readings);
    if (scores) kinds.push(scores);
  }
  return { kinds, outcomes };
};
