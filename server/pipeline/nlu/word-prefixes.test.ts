import { describe, expect, it } from 'vitest';
import { archetypeMatches, definitions } from './test-support';

/** What a plain global scan of each expression finds: the reference for the word-prefix shortcut. */
const globalScan = (patterns: [string, string][], text: string) =>
  patterns
    .flatMap(([source, flags]) =>
      [...text.matchAll(new RegExp(source, `${flags}g`))].map((m) => ({ at: m.index, text: m[0] })),
    )
    .sort((a, b) => a.at - b.at)
    .map((m) => m.text);

describe('expressions tried where a word starts with their prefix', () => {
  const patterns: [string, string][] = [
    ['\\b(?:invoice|inv|bill)\\s*#?\\d{3,}', 'i'],
    ['\\bACC[-/ ]?\\d{4,8}\\b', ''],
    ['\\b(?:re|fwd?|tr)\\s*:', 'i'],
  ];
  const defs = definitions({ archetypes: { refs: patterns.map(([s, f]) => `/${s}/${f}`) } });

  it.each([
    'Invoice #123, inv 4567 and BILL 89 then bill 999; invoice42 and xinvoice 555',
    'ACC-1234 ACC12 xACC-5555 ACC 98765 foo_ACC-4444 acc-1234',
    'Re: Fwd: TR : there: re re: RE:',
  ])('finds what a global scan finds in %j', (text) => {
    expect(archetypeMatches(defs, 'refs', text)).toEqual(globalScan(patterns, text));
  });

  it('leaves non-ASCII texts to the global scan, with the same answers', () => {
    const text = 'Référence : ACC-1234, facture INV 123456 — éACC-9999';
    expect(archetypeMatches(defs, 'refs', text)).toEqual(globalScan(patterns, text));
  });
});
