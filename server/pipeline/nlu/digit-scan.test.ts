import { describe, expect, it } from 'vitest';
import { BUILTIN_ARCHETYPES } from './builtins';
import { scanNearDigits } from './digit-scan';

/** What a global scan finds: [start, text] of each non-empty match. */
const globalScan = (pattern: RegExp, text: string) => {
  const found: [number, string][] = [];
  pattern.lastIndex = 0;
  for (let m = pattern.exec(text); m; m = pattern.exec(text))
    if (m[0].length === 0) pattern.lastIndex++;
    else found.push([m.index, m[0]]);
  return found;
};

const nearDigits = (pattern: RegExp, text: string, window: number, limit = Infinity) => {
  const sticky = new RegExp(pattern.source, `${pattern.flags.replace('g', '')}y`);
  const found: [number, string][] = [];
  scanNearDigits(sticky, text, window, (m) => found.push([m.index, m[0]]) >= limit);
  return found;
};

/** Pieces amounts, numbers and percentages are made of, and what surrounds them. */
const PIECES = [
  ...['US$', '€', '$', '£', '¥', '₣', 'EUR', 'usd', 'Gbp', 'CHF', 'uſd', 'k', 'K', 'm'],
  ...['euros', 'dollar', 'pounds', ' sterling', 'livres', 'francs', ' suisses', 'cents', 'centime'],
  ...['%', '‰', 'pour cent', 'per cent', 'pct', '-', '−', '.', ',', ' ', '\u00a0', '\u202f', '\n'],
  // At the edge of the windows: the most characters before a digit.
  ...['US$ -', 'uſ$\u00a0−', 'EUR -', ' -1', '−2'],
  ...['1', '12', '123', '1 234', '1,234.56', '3,14', '0', '99999', 'abc', 'é', 'x1', '1a', '_'],
];

/** A deterministic pseudo-random text of `n` pieces. */
const textOf = (seed: number, n: number) => {
  let x = seed;
  const next = () => (x = (Math.imul(x, 1103515245) + 12345) >>> 0) % PIECES.length;
  return Array.from({ length: n }, () => PIECES[next()]).join('');
};

describe('scanning near digits', () => {
  const withWindow = BUILTIN_ARCHETYPES.filter((b) => b.digitWindow !== undefined);

  it('is given for the amount, number and percentage built-ins', () => {
    expect(withWindow.map((b) => b.name).sort()).toEqual(['amount', 'number', 'percentage']);
  });

  it.each(withWindow.map((b) => [b.name, b] as const))('finds what a global scan of %s finds', (_name, b) => {
    for (let seed = 1; seed <= 400; seed++) {
      const text = textOf(seed, 1 + (seed % 40));
      expect(nearDigits(b.pattern, text, b.digitWindow!), text).toEqual(globalScan(b.pattern, text));
    }
  });

  it('stops when asked, and finds nothing without a digit', () => {
    const amount = BUILTIN_ARCHETYPES.find((b) => b.name === 'amount')!;
    const text = 'pay US$ -1 234,50 then 12 € and EUR 7';
    expect(nearDigits(amount.pattern, text, 5)).toEqual(globalScan(amount.pattern, text));
    expect(nearDigits(amount.pattern, text, 5, 1)).toEqual(globalScan(amount.pattern, text).slice(0, 1));
    expect(nearDigits(amount.pattern, 'euros and dollars, no figure', 5)).toEqual([]);
  });
});
