import type { TestScoresAnswer } from '../../../../schemas/contracts/testing';
import { toCsv, type CsvCell } from '../../../components/csv';

type KindScores = TestScoresAnswer['kinds'][number];

/** A spreadsheet cell: text, a number, or nothing (an undefined ratio, a total that does not apply). */
export type ScoreCell = CsvCell;

/** The export's columns, in order: those of the scores table after the kind and the classification. */
export const SCORE_COLUMNS = [
  'kind',
  'classification',
  'tp',
  'fp',
  'fn',
  'precision',
  'sensitivity',
  'expected',
  'detected',
  'falses',
] as const;

/** The columns' titles, in the user's language. */
export type ScoresHeaders = Record<(typeof SCORE_COLUMNS)[number], string>;
/** A kind's name and the totals' names, in the user's language. */
export interface ScoresLabels {
  kind: (kind: string) => string;
  micro: string;
  macro: string;
  /** The mark of a classification the project's settings ignore. */
  ignored: string;
}

export const scoresHeaderRow = (headers: ScoresHeaders): ScoreCell[] => SCORE_COLUMNS.map((c) => headers[c]);

/**
 * One kind's lines: one per classification, then its micro and macro totals; ratios as decimals.
 * The classifications no domain rule covered follow, marked NO_DOMAIN_RULE, then those the project
 * ignores, marked with `labels.ignored`, without figures. A private classification has no line
 * (docs/testing-centre.md "Classifications: value types, ignored, private"): the totals stay the
 * kind's, as the scores page shows them.
 */
export const kindRows = (k: KindScores, labels: ScoresLabels): ScoreCell[][] => {
  const kind = labels.kind(k.kind);
  const { tp, fp, fn, precision, sensitivity } = k.micro;
  const hidden = new Set(k.private ?? []);
  const shown = <T extends { classification: string }>(list: readonly T[]) =>
    list.filter((c) => !hidden.has(c.classification));
  const unscored = (n: { classification: string }, mark: string): ScoreCell[] => [
    kind,
    `${n.classification} (${mark})`,
    ...Array<null>(SCORE_COLUMNS.length - 2).fill(null),
  ];
  return [
    ...shown(k.classifications).map((c) => [
      kind,
      c.classification,
      c.tp,
      c.fp,
      c.fn,
      c.precision,
      c.sensitivity,
      c.expected,
      c.detected,
      c.falses,
    ]),
    [kind, labels.micro, tp, fp, fn, precision, sensitivity, tp + fn, tp + fp, fp + fn],
    [kind, labels.macro, null, null, null, k.macro.precision, k.macro.sensitivity, null, null, null],
    ...shown(k.noDomainRule ?? []).map((n) => unscored(n, 'NO_DOMAIN_RULE')),
    ...shown(k.ignored ?? []).map((n) => unscored(n, labels.ignored)),
  ];
};

/**
 * The scores as CSV (components/csv.ts: RFC 4180, UTF-8 with a byte-order mark, no cell a
 * spreadsheet would run as a formula): one line per kind and classification, then each kind's
 * micro and macro totals. `headers` and `labels` are the user's language; ratios are plain
 * decimals (0.75), undefined ones empty.
 */
export const scoresCsv = (scores: TestScoresAnswer, headers: ScoresHeaders, labels: ScoresLabels): string =>
  toCsv([scoresHeaderRow(headers), ...scores.kinds.flatMap((k) => kindRows(k, labels))]);
