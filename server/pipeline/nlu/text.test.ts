import { describe, expect, it } from 'vitest';
import { AsciiTokens, normalise, tokenise, tokenRange } from './text';
import { hashSpan } from './word-table';

describe('normalisation and offsets', () => {
  it('folds case, removes diacritics and applies NFKC', () => {
    expect(normalise('Élève')).toBe('eleve');
    expect(normalise('ŒUVRE')).toBe('œuvre');
    expect(normalise('ﬁnance')).toBe('finance'); // the fi ligature, by NFKC
    expect(normalise('Straße')).toBe('straße');
    expect(normalise('１２３')).toBe('123'); // full-width digits
  });

  it('keeps each token at its place in the original text', () => {
    const text = "L'été à  Paris, n°12 — Müller";
    const tokens = tokenise(text);
    expect(tokens.norm).toEqual(['l', 'ete', 'a', 'paris', 'n', '12', 'muller']);
    tokens.norm.forEach((_, i) => expect(text.slice(tokens.start[i], tokens.end[i])).toBe(tokens.raw[i]));
  });

  it('cuts words at apostrophes and hyphens, as terms are cut', () => {
    expect(tokenise("l'assurance rendez-vous").norm).toEqual(['l', 'assurance', 'rendez', 'vous']);
  });

  it('cuts scripts without spaces into words with the segmenter', () => {
    const tokens = tokenise('我想取消订单');
    expect(tokens.norm.length).toBeGreaterThan(1);
    expect(tokens.norm.join('')).toBe('我想取消订单');
  });

  it('maps a character span to the tokens it covers', () => {
    const tokens = tokenise('one two three four');
    expect(tokenRange(tokens, 4, 13)).toEqual({ first: 1, last: 3 });
    expect(tokenRange(tokens, 3, 4)).toEqual({ first: 1, last: 1 }); // the space: no token
  });
});

describe('the ASCII fast path', () => {
  /** The general path: a normaliser other than `normalise` always takes it. */
  const general = (text: string) => tokenise(text, (w) => normalise(w));
  const plain = (t: ReturnType<typeof tokenise>) => ({
    norm: t.norm,
    raw: t.raw,
    start: Array.from(t.start),
    end: Array.from(t.end),
    ascii: t.ascii,
  });

  it.each([
    'Hello, World! 42 times: x=3.14; y_z (a-b) [c] {d} ~e~',
    "l'assurance rendez-vous it's O'Neil",
    'Mail jean.dupont+tag@example.co.uk or https://x.org/a?b=1&c=%20d#frag',
    'Order #A-12345, IBAN FR76 3000 6000 0112 3456 7890 189, tel +33 (0)1 23 45 67 89',
    'tabs\tand\r\nlines\n\nend',
    '',
    '   ',
    'trailing word',
    'UPPER lower MiXeD 123abc abc123',
    'Élève à Paris', // not ASCII: the general path
    '我想取消订单 order 42', // unspaced script
    'emoji 😀 here 👍🏽 too',
    'bell\u0007 and delete\u007f are not printable',
    'non\u00a0breaking space',
  ])('cuts %j as the general path does', (text) => {
    expect(plain(tokenise(text))).toEqual(plain(general(text)));
  });

  it('cuts the benchmark messages as the general path does', () => {
    const text = 'Subject: Re: Invoice INV-2024-001\n\nDear team,\nPlease pay EUR 1,250.00 by 12/03/2024.';
    expect(plain(tokenise(text))).toEqual(plain(general(text)));
  });

  it('hashes each word as the word table does, across texts of any length', () => {
    for (const text of ['Dear TEAM, pay 42 now', 'word '.repeat(3000).trim(), 'a']) {
      const tokens = tokenise(text);
      expect(tokens).toBeInstanceOf(AsciiTokens);
      const { start, end, hashes } = tokens as AsciiTokens;
      expect(hashes).toHaveLength(start.length);
      hashes.forEach((h, i) => expect(h).toBe(hashSpan(text, start[i], end[i])));
    }
  });
});
