import type { TestScoresAnswer } from '../../../../schemas/contracts/testing';

type KindScores = TestScoresAnswer['kinds'][number];

const ratio = (numerator: number, denominator: number) =>
  denominator === 0 ? null : numerator / denominator;

const meanOfDefined = (values: (number | null)[]) => {
  const defined = values.filter((v): v is number => v !== null);
  return defined.length === 0 ? null : defined.reduce((a, b) => a + b, 0) / defined.length;
};

/**
 * The customised result (spec pipeline §3 "classifications to keep"): the scores with only the kept
 * classifications, and the micro and macro totals worked out again over them as the server does
 * (server/testing/scores.ts). An empty `keep` keeps everything; the falses of other classifications
 * are left out of their messages.
 */
export const keptScores = (scores: TestScoresAnswer, keep: ReadonlySet<string>): TestScoresAnswer => {
  if (keep.size === 0) return scores;
  const kinds = scores.kinds.map((k): KindScores => {
    const classifications = k.classifications.filter((c) => keep.has(c.classification));
    const tp = classifications.reduce((n, c) => n + c.tp, 0);
    const fp = classifications.reduce((n, c) => n + c.fp, 0);
    const fn = classifications.reduce((n, c) => n + c.fn, 0);
    return {
      ...k,
      classifications,
      micro: { tp, fp, fn, precision: ratio(tp, tp + fp), sensitivity: ratio(tp, tp + fn) },
      macro: {
        precision: meanOfDefined(classifications.map((c) => c.precision)),
        sensitivity: meanOfDefined(classifications.map((c) => c.sensitivity)),
      },
    };
  });
  const kept = <L extends { classification: string }>(labels: L[]) =>
    labels.filter((l) => keep.has(l.classification));
  const falses = scores.falses
    .map((f) => ({ ...f, tp: kept(f.tp), fp: kept(f.fp), fn: kept(f.fn) }))
    .filter((f) => f.fp.length > 0 || f.fn.length > 0);
  return { ...scores, kinds, falses };
};
