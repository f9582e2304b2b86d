import { describe, expect, it } from 'vitest';
import { compileNlu } from './compile';
import { definitions } from './test-support';
import { tokenise } from './text';
import { wordEntries } from './word-entries';

describe('cached word entries', () => {
  const nlu = compileNlu(
    definitions({ archetypes: { claim: ['declare a claim', 'insurance'], ref: ['/\\bACC\\d+/'] } }),
  );

  it('lists the vocabulary hits, the terms each can start and the expressions it can start', () => {
    const [declare, insurence, acc, other] = wordEntries(
      nlu,
      tokenise('declare insurence ACC weather'),
    ).entries;
    expect(declare.hits).toEqual(nlu.vocabulary.lookup('declare'));
    expect(declare.starts).toHaveLength(1);
    expect(insurence.hits).toEqual([{ id: nlu.vocabulary.words.indexOf('insurance'), exact: false }]);
    expect(acc.prefixes.exact.map((e) => e.prefix)).toEqual(['ACC']);
    expect(other.hits).toEqual([]);
    expect(other.starts).toEqual([]);
    const words = wordEntries(nlu, tokenise('declare insurence ACC weather'));
    expect(words.termStarts).toEqual([0, 1]);
    expect(words.prefixStarts).toEqual([2]);
  });

  it('gives the same entry for a word seen again', () => {
    expect(wordEntries(nlu, tokenise('claim')).entries[0]).toBe(
      wordEntries(nlu, tokenise('Claim')).entries[0],
    );
    expect(wordEntries(nlu, tokenise('claim é')).entries[0]).toBe(
      wordEntries(nlu, tokenise('CLAIM')).entries[0],
    );
  });

  it('keeps with each start its one-word terms, the exact ones only for an exact hit, and whether longer terms go on', () => {
    const terms = compileNlu(
      definitions({ archetypes: { a: ['insurance', 'insurance claim'], b: ['=insurance'] } }),
    );
    const [exact, typo] = wordEntries(terms, tokenise('insurance insurence')).entries;
    expect(exact.starts.map((s) => [s.exact, s.terms.map((t) => t.owner), s.longer])).toEqual([
      [true, [terms.archetypeIndex.get('a'), terms.archetypeIndex.get('b')], true],
    ]);
    expect(typo.starts.map((s) => [s.exact, s.terms.map((t) => t.owner), s.longer])).toEqual([
      [false, [terms.archetypeIndex.get('a')], true],
    ]);
  });
});
