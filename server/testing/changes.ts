import { CHANGES_SHOWN, type ChangedMessage, type ScoreDelta } from '../../schemas/contracts/testing';
import {
  byCodePoint,
  scoreRun,
  type ClassificationReadings,
  type DomainCoverage,
  type ClassificationKind,
  type ClassificationScore,
  type ItemOutcome,
  type KindScores,
  type Label,
  type ScoredItem,
} from './scores';

/**
 * Two scorings of the same messages side by side — a run and the impact preview of an edit, or two
 * runs: scores per kind and classification before and after, and each message whose falses changed.
 * Pure: the impact preview and the comparison of runs share it.
 */

/** A message's names for the lists: its name, and the analyses that gave each outcome. */
export interface MessageRef {
  name: string;
  analysisBefore: string | null;
  analysisAfter: string | null;
}

const ZERO: ClassificationScore = {
  classification: '',
  tp: 0,
  fp: 0,
  fn: 0,
  precision: null,
  sensitivity: null,
  expected: 0,
  detected: 0,
  falses: 0,
};

const figures = ({
  tp,
  fp,
  fn,
  precision,
  sensitivity,
}: Omit<ClassificationScore, 'classification' | 'expected' | 'detected' | 'falses'>) => ({
  tp,
  fp,
  fn,
  precision,
  sensitivity,
});

const deltaOf = (kind: ClassificationKind, before?: KindScores, after?: KindScores): ScoreDelta => {
  const byName = (scores: KindScores | undefined) =>
    new Map((scores?.classifications ?? []).map((c) => [c.classification, c]));
  const was = byName(before);
  const now = byName(after);
  return {
    kind,
    before: figures(before?.micro ?? ZERO),
    after: figures(after?.micro ?? ZERO),
    classifications: [...new Set([...was.keys(), ...now.keys()])].sort(byCodePoint).map((name) => ({
      classification: name,
      before: figures(was.get(name) ?? ZERO),
      after: figures(now.get(name) ?? ZERO),
    })),
  };
};

const key = (l: Label) => `${l.classification}\u0000${l.value ?? '\u0001'}`;
const sameLabels = (a: readonly Label[], b: readonly Label[]) => {
  if (a.length !== b.length) return false;
  const keys = new Set(a.map(key));
  return b.every((l) => keys.has(key(l)));
};
const without = (from: readonly Label[], other: readonly Label[]) => {
  const keys = new Set(other.map(key));
  return from.filter((l) => !keys.has(key(l)));
};

/** A turn of the event loop, between two stretches of work on it. */
export const turn = () => new Promise((resolve) => setImmediate(resolve));

const CHANGE_ORDER = { broken: 0, changed: 1, fixed: 2 } as const;

/**
 * Scores both scorings and lists the messages whose FP or FN of a kind differ: fixed (falses gone,
 * none new), broken (falses new, none gone) or changed (both). `gained` and `lost` count the fixed
 * and broken ones; the list keeps the first CHANGES_SHOWN, broken first.
 * @example
 * const { kinds, gained, lost, changes } = await diffScorings(run, preview, refs);
 * Each scoring applies its own run's domain rules (`domains`), as its test did, and both the
 * project's classification settings as they are now (`readings`).
 */
export const diffScorings = async (
  before: readonly ScoredItem[],
  after: readonly ScoredItem[],
  refs: ReadonlyMap<string, MessageRef>,
  domains: { before: DomainCoverage | null; after: DomainCoverage | null } = { before: null, after: null },
  readings: ClassificationReadings | null = null,
) => {
  // A turn of the event loop between the three passes: each is tens of ms at 10,000 messages.
  const a = scoreRun(before, domains.before, readings);
  await turn();
  const b = scoreRun(after, domains.after, readings);
  await turn();
  const kinds = [...new Set([...a.kinds.map((k) => k.kind), ...b.kinds.map((k) => k.kind)])];
  const deltas = kinds.map((kind) =>
    deltaOf(
      kind,
      a.kinds.find((k) => k.kind === kind),
      b.kinds.find((k) => k.kind === kind),
    ),
  );

  const outcomeKey = (o: Pick<ItemOutcome, 'kind' | 'messageId'>) => `${o.kind}\u0000${o.messageId}`;
  const beforeOutcomes = new Map(a.outcomes.map((o) => [outcomeKey(o), o]));
  const afterOutcomes = new Map(b.outcomes.map((o) => [outcomeKey(o), o]));
  const changes: ChangedMessage[] = [];
  for (const k of new Set([...beforeOutcomes.keys(), ...afterOutcomes.keys()])) {
    const was = beforeOutcomes.get(k);
    const now = afterOutcomes.get(k);
    const wasFalses = { fp: was?.fp ?? [], fn: was?.fn ?? [] };
    const nowFalses = { fp: now?.fp ?? [], fn: now?.fn ?? [] };
    if (sameLabels(wasFalses.fp, nowFalses.fp) && sameLabels(wasFalses.fn, nowFalses.fn)) continue;
    const gone = without([...wasFalses.fp, ...wasFalses.fn], [...nowFalses.fp, ...nowFalses.fn]).length;
    const came = without([...nowFalses.fp, ...nowFalses.fn], [...wasFalses.fp, ...wasFalses.fn]).length;
    const { messageId, kind } = (was ?? now)!;
    const ref = refs.get(messageId);
    changes.push({
      messageId,
      messageName: ref?.name ?? messageId,
      kind,
      analysisBefore: ref?.analysisBefore ?? null,
      analysisAfter: ref?.analysisAfter ?? null,
      change: came === 0 ? 'fixed' : gone === 0 ? 'broken' : 'changed',
      before: wasFalses,
      after: nowFalses,
    });
  }
  changes.sort(
    (x, y) =>
      CHANGE_ORDER[x.change] - CHANGE_ORDER[y.change] ||
      byCodePoint(x.kind, y.kind) ||
      byCodePoint(x.messageName, y.messageName),
  );
  return {
    kinds: deltas,
    gained: changes.filter((c) => c.change === 'fixed').length,
    lost: changes.filter((c) => c.change === 'broken').length,
    changes: changes.slice(0, CHANGES_SHOWN),
    /** Every changed message, for grouping by cause. */
    changedIds: [...new Set(changes.map((c) => c.messageId))],
  };
};
