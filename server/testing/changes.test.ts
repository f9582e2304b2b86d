import { beforeAll, describe, expect, it } from 'vitest';
import { diffScorings } from './changes';
import type { ScoredItem } from './scores';

const item = (id: string, expected: string[], detected: string[]): ScoredItem => ({
  messageId: id,
  qualified: ['categories'],
  expected: { categories: expected.map((classification) => ({ classification, value: null })) },
  detected: { categories: detected.map((classification) => ({ classification, value: null })) },
});
const refs = new Map(
  ['a', 'b', 'c', 'd'].map((id) => [
    id,
    { name: `Message ${id}`, analysisBefore: `${id}1`, analysisAfter: `${id}2` },
  ]),
);
const label = (classification: string) => ({ classification, value: null });

describe('two scorings side by side', () => {
  const before = [
    item('a', ['Claim'], ['Claim']),
    item('b', ['Claim'], ['Other']),
    item('c', ['Other'], ['Other']),
    item('d', ['Other'], ['Claim']),
  ];
  // a breaks, b is fixed, c stays right, d stays wrong but differently (a Quote instead of a Claim).
  const after = [
    item('a', ['Claim'], ['Other']),
    item('b', ['Claim'], ['Claim']),
    item('c', ['Other'], ['Other']),
    item('d', ['Other'], ['Quote']),
  ];

  let diff: Awaited<ReturnType<typeof diffScorings>>;
  beforeAll(async () => {
    diff = await diffScorings(before, after, refs);
  });

  it('gives the figures before and after per classification and in total', () => {
    const [categories] = diff.kinds;
    expect(categories.kind).toBe('categories');
    expect(categories.before).toEqual({ tp: 2, fp: 2, fn: 2, precision: 0.5, sensitivity: 0.5 });
    expect(categories.after).toEqual({ tp: 2, fp: 2, fn: 2, precision: 0.5, sensitivity: 0.5 });
    const claim = categories.classifications.find((c) => c.classification === 'Claim')!;
    expect(claim.before).toEqual({ tp: 1, fp: 1, fn: 1, precision: 0.5, sensitivity: 0.5 });
    expect(claim.after).toEqual({ tp: 1, fp: 0, fn: 1, precision: 1, sensitivity: 0.5 });
    // A classification detected in one scoring only is listed with zeros in the other.
    const quote = categories.classifications.find((c) => c.classification === 'Quote')!;
    expect(quote.before).toEqual({ tp: 0, fp: 0, fn: 0, precision: null, sensitivity: null });
    expect(quote.after).toMatchObject({ fp: 1, precision: 0 });
  });

  it('lists the messages whose falses changed, broken first, and counts those gained and lost', () => {
    expect(diff.changes.map((c) => [c.messageName, c.change])).toEqual([
      ['Message a', 'broken'],
      ['Message d', 'changed'],
      ['Message b', 'fixed'],
    ]);
    expect(diff).toMatchObject({ gained: 1, lost: 1 });
    const d = diff.changes.find((c) => c.messageId === 'd')!;
    expect(d).toMatchObject({
      analysisBefore: 'd1',
      analysisAfter: 'd2',
      before: { fp: [label('Claim')], fn: [label('Other')] },
      after: { fp: [label('Quote')], fn: [label('Other')] },
    });
    expect(diff.changedIds.sort()).toEqual(['a', 'b', 'd']);
  });

  it('finds nothing to say about identical scorings', async () => {
    expect(await diffScorings(before, before, refs)).toMatchObject({ gained: 0, lost: 0, changes: [] });
  });
});
