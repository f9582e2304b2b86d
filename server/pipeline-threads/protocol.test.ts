import { describe, expect, it } from 'vitest';
import type { AnalysisResult, NluInteraction } from '../../schemas/analysis-result';
import { emptyResult } from '../pipeline/engine';
import { bytesOutcome, MAX_STORED_INTERACTIONS } from './protocol';

const stored = (outcome: ReturnType<typeof bytesOutcome>) =>
  JSON.parse(new TextDecoder().decode(outcome.bytes)) as AnalysisResult;

describe('a result as the worker stores it', () => {
  it('keeps the first interactions, and says how many more there were, in English and by code', () => {
    const result = emptyResult('a1');
    result.nlu.interactions = Array.from(
      { length: MAX_STORED_INTERACTIONS + 2 },
      (_, i) => ({ interaction: `i${i}` }) as unknown as NluInteraction,
    );
    result.trace.push({
      step: 'nlu',
      status: 'done',
      start: null,
      durationMs: 0,
      summary: 'Language fr',
      warnings: ['An earlier warning'],
      errors: [],
    });
    const kept = stored(bytesOutcome(result));
    expect(kept.nlu.interactions).toHaveLength(MAX_STORED_INTERACTIONS);
    const nlu = kept.trace.find((t) => t.step === 'nlu')!;
    expect(nlu.warnings).toEqual([
      'An earlier warning',
      `2 more interactions were found; the result keeps the first ${MAX_STORED_INTERACTIONS}`,
    ]);
    expect(nlu.messages).toEqual({
      summary: null,
      warnings: [
        null,
        { code: 'nluInteractionsKept', params: { smart_count: 2, kept: MAX_STORED_INTERACTIONS } },
      ],
    });
  });
});
