import type { TestScoresAnswer } from '../../../../schemas/contracts/testing';

type KindScores = TestScoresAnswer['kinds'][number];
type False = TestScoresAnswer['falses'][number];

/** A message counted in an off-diagonal cell, enough to open its analysis. */
export type ConfusionMessage = Pick<False, 'messageId' | 'messageName' | 'analysisId'>;

export interface ConfusionCell {
  count: number;
  /** The messages behind an off-diagonal count; empty on the diagonal (right answers are not listed). */
  messages: ConfusionMessage[];
}

/**
 * Rows are what was expected, columns what was detected, both along `axis`: the kind's
 * classifications in the scores' order, then `null` for "none" — the row of detections where
 * nothing was expected (FP alone) and the column of expectations where nothing was detected (FN
 * alone). `cells[row][column]`; the (none, none) cell is always empty.
 */
export interface ConfusionMatrix {
  axis: (string | null)[];
  cells: ConfusionCell[][];
}

/**
 * The confusion matrix of a single-label kind: the diagonal holds each classification's TP, a false
 * message whose FN is A and FP is B counts in (A, B), an FN alone in (A, none), an FP alone in
 * (none, B). Null when a false of the kind has more than one FN or FP, or a TP beside its false: the
 * kind gives several labels per message, and a cell would not say which one was mistaken for which.
 * Only falses are listed, so a message right on several labels goes unseen.
 *
 * @example
 * confusionMatrix(kind, [{ kind: 'categories', fn: [claim], fp: [termination], tp: [], … }]);
 * // cells[axis.indexOf('Claim')][axis.indexOf('Termination')].count === 1
 */
export const confusionMatrix = (scores: KindScores, falses: readonly False[]): ConfusionMatrix | null => {
  const ofKind = falses.filter((f) => f.kind === scores.kind);
  if (ofKind.some((f) => f.fn.length > 1 || f.fp.length > 1 || f.tp.length > 0)) return null;

  const classifications = scores.classifications.map((c) => c.classification);
  for (const f of ofKind)
    for (const { classification } of [...f.fn, ...f.fp])
      if (!classifications.includes(classification)) classifications.push(classification);
  const axis = [...classifications, null];
  const cells = axis.map(() => axis.map((): ConfusionCell => ({ count: 0, messages: [] })));

  for (const c of scores.classifications) {
    const i = axis.indexOf(c.classification);
    cells[i][i].count = c.tp;
  }
  for (const { fn, fp, messageId, messageName, analysisId } of ofKind) {
    const cell =
      cells[axis.indexOf(fn[0]?.classification ?? null)][axis.indexOf(fp[0]?.classification ?? null)];
    cell.count++;
    cell.messages.push({ messageId, messageName, analysisId });
  }
  return { axis, cells };
};
