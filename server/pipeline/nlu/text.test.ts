import { describe, expect, it } from 'vitest';
import { normalise, tokenise, tokenRange } from './text';

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
