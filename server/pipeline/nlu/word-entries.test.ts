import { describe, expect, it } from 'vitest';
import { compileNlu } from './compile';
import { definitions } from './test-support';
import { wordEntries } from './word-entries';

describe('cached word entries', () => {
  const nlu = compileNlu(
    definitions({ archetypes: { claim: ['declare a claim', 'insurance'], ref: ['/\\bACC\\d+/'] } }),
  );

  it('lists the vocabulary hits, the terms each can start and the expressions it can start', () => {
    const [declare, insurence, acc, other] = wordEntries(nlu, ['declare', 'insurence', 'acc', 'weather']);
    expect(declare.hits).toEqual(nlu.vocabulary.lookup('declare'));
    expect(declare.starts).toHaveLength(1);
    expect(insurence.hits).toEqual([{ id: nlu.vocabulary.words.indexOf('insurance'), exact: false }]);
    expect(acc.prefixes.exact.map((e) => e.prefix)).toEqual(['ACC']);
    expect(other.hits).toEqual([]);
    expect(other.starts).toEqual([]);
  });

  it('gives the same entry for a word seen again', () => {
    expect(wordEntries(nlu, ['claim'])[0]).toBe(wordEntries(nlu, ['claim'])[0]);
  });
});
