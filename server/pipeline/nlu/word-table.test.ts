import { describe, expect, it } from 'vitest';
import { hashSpan, hashWord, slotTag, WordTable } from './word-table';

describe('the word table', () => {
  it('finds a word by itself or by a span of text, lower-casing ASCII letters', () => {
    const table = new WordTable<number>(0);
    table.add('claim', hashWord('claim'), 1);
    table.add('élève', hashWord('élève'), 2);
    table.add('nothing', hashWord('nothing'), 0);
    table.add('a-very-long-word', hashWord('a-very-long-word'), 3);
    const text = 'My CLAIM and claims';
    expect(hashSpan(text, 3, 8)).toBe(hashWord('claim'));
    expect(table.get(text, 3, 8, hashSpan(text, 3, 8))).toBe(1);
    expect(table.get(text, 13, 19, hashSpan(text, 13, 19))).toBeUndefined();
    expect(table.get('élève', 0, 5, hashWord('élève'))).toBe(2);
    expect(table.get('eleve', 0, 5, hashWord('eleve'))).toBeUndefined();
    expect(table.get('nothing', 0, 7, hashWord('nothing'))).toBe(0);
    expect(table.get('a-very-long-word', 0, 16, hashWord('a-very-long-word'))).toBe(3);
    const long = 'Some A-VERY-LONG-WORD';
    expect(table.get(long, 5, 21, hashSpan(long, 5, 21))).toBe(3);
  });

  it('keeps every word as it grows, whatever their hashes', () => {
    const table = new WordTable<number>(0);
    const words = Array.from({ length: 5000 }, (_, i) => `w${i.toString(36)}`);
    // A constant hash for some words: every lookup must still compare the keys themselves.
    words.forEach((w, i) => table.add(w, i % 7 === 0 ? 42 : hashWord(w), i));
    words.forEach((w, i) => expect(table.get(w, 0, w.length, i % 7 === 0 ? 42 : hashWord(w))).toBe(i));
    expect(table.size).toBe(5000);
    table.clear();
    expect(table.get('w0', 0, 2, 42)).toBeUndefined();
  });

  it('tells a packed word from its prefixes, its extensions and spans that cannot pack', () => {
    const table = new WordTable<number>(0);
    const full = 'abcdefghijklmnopqrstuvwx'; // 24 characters: the longest packed word
    for (const [k, w] of ['abcd', 'abcdefgh', full, `${full}y`].entries()) table.add(w, hashWord(w), k + 1);
    const lookup = (text: string) => table.get(text, 0, text.length, hashSpan(text, 0, text.length));
    expect(lookup('abcd')).toBe(1);
    expect(lookup('ABCDEFGH')).toBe(2);
    expect(lookup(full)).toBe(3);
    expect(lookup(`${full}y`)).toBe(4);
    expect(lookup('abc')).toBeUndefined();
    expect(lookup('abcde')).toBeUndefined();
    expect(lookup('abcd\u0000')).toBeUndefined();
    expect(lookup('abcd\u0100')).toBeUndefined();
    // Same hash, different words: the characters decide.
    table.add('zzzz', hashWord('abcd'), 5);
    expect(table.get('zzzz', 0, 4, hashWord('abcd'))).toBe(5);
    expect(lookup('abcd')).toBe(1);
  });

  it('reads ahead for a list of hashes without changing any lookup', () => {
    const table = new WordTable<number>(0);
    table.add('claim', hashWord('claim'), 1);
    const hashes = Int32Array.from(['claim', 'other'], hashWord);
    expect(typeof table.warm(hashes)).toBe('number');
    expect(table.get('claim', 0, 5, hashes[0])).toBe(1);
    expect(table.get('other', 0, 5, hashes[1])).toBeUndefined();
  });

  it('keeps a tag of two bits with each word, read from its slot without its value', () => {
    const table = new WordTable<string>('none');
    const words = ['plain', 'terms', 'prefixes', 'both'];
    const slots = words.map((w, tag) => table.add(w, hashWord(w), tag === 0 ? 'none' : w, tag));
    words.forEach((w, tag) => {
      const slot = table.find(w.toUpperCase(), 0, w.length, hashWord(w));
      expect(slot).toBe(slots[tag]);
      expect(slotTag(slot)).toBe(tag);
      expect(table.valueOf(slot)).toBe(tag === 0 ? 'none' : w);
    });
    expect(table.find('other', 0, 5, hashWord('other'))).toBe(0);
  });
});
