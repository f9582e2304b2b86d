import { describe, expect, it } from 'vitest';
import type { TestScoresAnswer } from '../../../../schemas/contracts/testing';
import { keptScores } from './keptScores';

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
const label = (classification: string) => ({ classification, value: null });

const scores: TestScoresAnswer = {
  domainRules: [],
  kinds: [
    {
      kind: 'categories',
      classifications: [score('Claim', 3, 1, 0), score('Other', 0, 0, 2), score('Quote', 1, 0, 1)],
      micro: { tp: 4, fp: 1, fn: 3, precision: 0.8, sensitivity: 4 / 7 },
      macro: { precision: 0.875, sensitivity: 0.5 },
      qualifiedMessages: 7,
      notQualifiedMessages: 0,
      noDomainRule: [],
      ignored: [],
      private: [],
    },
  ],
  falses: [
    {
      messageId: 'm1',
      messageName: 'One',
      analysisId: null,
      kind: 'categories',
      tp: [],
      fp: [label('Claim')],
      fn: [label('Other')],
    },
    {
      messageId: 'm2',
      messageName: 'Two',
      analysisId: null,
      kind: 'categories',
      tp: [],
      fp: [],
      fn: [label('Other')],
    },
  ],
  messages: { done: 7, error: 0, notRun: 0 },
};

describe('classifications to keep', () => {
  it('keeps everything when nothing is chosen', () => {
    expect(keptScores(scores, new Set())).toBe(scores);
  });

  it('scores the kept classifications alone: micro and macro again, falses of the others left out', () => {
    const kept = keptScores(scores, new Set(['Claim', 'Quote']));
    const [categories] = kept.kinds;
    expect(categories.classifications.map((c) => c.classification)).toEqual(['Claim', 'Quote']);
    // tp 3 + 1, fp 1, fn 1: precision 4/5, sensitivity 4/5.
    expect(categories.micro).toEqual({ tp: 4, fp: 1, fn: 1, precision: 0.8, sensitivity: 0.8 });
    // Claim 0.75 / 1, Quote 1 / 0.5.
    expect(categories.macro).toEqual({ precision: 0.875, sensitivity: 0.75 });
    expect(kept.falses).toEqual([{ ...scores.falses[0], fn: [] }]);
  });
});
