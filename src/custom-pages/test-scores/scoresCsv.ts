import type { TestScoresAnswer } from '../../../schemas/contracts/testing';

const cell = (value: string | number | null) => {
  const text = value === null ? '' : String(value);
  return /[",\n\r;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/**
 * The scores as CSV (RFC 4180, UTF-8 with a byte-order mark so that spreadsheets read accents): one
 * line per kind and classification, then each kind's micro and macro totals. `headers` and `labels`
 * are the user's language; ratios are plain decimals (0.75), undefined ones empty.
 */
export const scoresCsv = (
  scores: TestScoresAnswer,
  headers: {
    kind: string;
    classification: string;
    tp: string;
    fp: string;
    fn: string;
    precision: string;
    sensitivity: string;
    expected: string;
    detected: string;
    falses: string;
  },
  labels: { kind: (kind: string) => string; micro: string; macro: string },
): string => {
  const lines: (string | number | null)[][] = [Object.values(headers)];
  for (const k of scores.kinds) {
    const kind = labels.kind(k.kind);
    for (const c of k.classifications)
      lines.push([
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
      ]);
    const { tp, fp, fn, precision, sensitivity } = k.micro;
    lines.push([kind, labels.micro, tp, fp, fn, precision, sensitivity, tp + fn, tp + fp, fp + fn]);
    lines.push([
      kind,
      labels.macro,
      null,
      null,
      null,
      k.macro.precision,
      k.macro.sensitivity,
      null,
      null,
      null,
    ]);
  }
  return `\uFEFF${lines.map((line) => line.map(cell).join(',')).join('\r\n')}\r\n`;
};
