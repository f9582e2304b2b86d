import { describe, expect, it } from 'vitest';
import type { TestScoresAnswer } from '../../../../schemas/contracts/testing';
import { confusionMatrix } from './confusion';

type False = TestScoresAnswer['falses'][number];

const score = (classification: string, tp: number, fp: number, fn: number) => ({
  classification,
  tp,
  fp,
  fn,
  precision: tp + fp ? tp / (tp + fp) : null,
  sensitivity: tp + fn ? tp / (tp + fn) : null,
  expected: tp + fn,
  detected: tp + fp,
  falses: fp + fn,
});

// Eleven messages: Address change 2 right; Claim 3 right and 2 taken for Termination; Termination
// 1 right and 1 missed; 1 Address change detected where nothing was expected.
const categories: TestScoresAnswer['kinds'][number] = {
  kind: 'categories',
  classifications: [score('Address change', 2, 1, 0), score('Claim', 3, 0, 2), score('Termination', 1, 2, 1)],
  micro: { tp: 6, fp: 3, fn: 3, precision: 6 / 9, sensitivity: 6 / 9 },
  macro: { precision: null, sensitivity: null },
  qualifiedMessages: 11,
  notQualifiedMessages: 0,
  noDomainRule: [],
  ignored: [],
  private: [],
};

const label = (classification: string) => ({ classification, value: null });
const falseOf = (id: string, fn: string[], fp: string[], tp: string[] = []): False => ({
  messageId: id,
  messageName: `${id}.eml`,
  analysisId: `a-${id}`,
  kind: 'categories',
  tp: tp.map(label),
  fp: fp.map(label),
  fn: fn.map(label),
});

const falses = [
  falseOf('m1', ['Claim'], ['Termination']),
  falseOf('m2', ['Claim'], ['Termination']),
  falseOf('m3', ['Termination'], []),
  falseOf('m4', [], ['Address change']),
  // Another kind's false is not this kind's business, however many labels it has.
  { ...falseOf('m5', ['Invoice', 'Quote'], ['Claim']), kind: 'attachments_categories' as const },
];

describe('confusionMatrix', () => {
  it('puts TP on the diagonal, a mistaken message in (expected, detected), and a lone FN or FP against "none"', () => {
    const matrix = confusionMatrix(categories, falses);
    expect(matrix?.axis).toEqual(['Address change', 'Claim', 'Termination', null]);
    expect(matrix?.cells.map((row) => row.map((cell) => cell.count))).toEqual([
      [2, 0, 0, 0],
      [0, 3, 2, 0],
      [0, 0, 1, 1],
      [1, 0, 0, 0],
    ]);
  });

  it('adds up, row by row, to what was expected and, column by column, to what was detected', () => {
    const { cells } = confusionMatrix(categories, falses)!;
    const rows = cells.map((row) => row.reduce((sum, cell) => sum + cell.count, 0));
    const columns = cells[0].map((_, j) => cells.reduce((sum, row) => sum + row[j].count, 0));
    expect(rows.slice(0, 3)).toEqual(categories.classifications.map((c) => c.expected));
    expect(columns.slice(0, 3)).toEqual(categories.classifications.map((c) => c.detected));
  });

  it('keeps the messages of each off-diagonal cell, to open their analyses', () => {
    const { cells } = confusionMatrix(categories, falses)!;
    expect(cells[1][2].messages).toEqual([
      { messageId: 'm1', messageName: 'm1.eml', analysisId: 'a-m1' },
      { messageId: 'm2', messageName: 'm2.eml', analysisId: 'a-m2' },
    ]);
    expect(cells[2][3].messages.map((m) => m.messageId)).toEqual(['m3']);
    expect(cells[3][0].messages.map((m) => m.messageId)).toEqual(['m4']);
    expect(cells[1][1].messages).toEqual([]);
  });

  it('answers null for a multi-label kind: two FN, two FP, or a TP beside a false', () => {
    expect(confusionMatrix(categories, [...falses, falseOf('m6', ['Claim', 'Termination'], [])])).toBeNull();
    expect(confusionMatrix(categories, [falseOf('m7', [], ['Claim', 'Termination'])])).toBeNull();
    expect(confusionMatrix(categories, [falseOf('m8', [], ['Termination'], ['Claim'])])).toBeNull();
  });
});
