import { describe, expect, it } from 'vitest';
import type { NluCompileError } from './compile-problems';
import { compileNlu } from './compile';
import { archetypeHits, inOrder } from './archetype-matches';
import { analyseText } from './analyse';
import { archetypeMatches, definitions } from './test-support';

const problemsOf = (defs: Parameters<typeof compileNlu>[0]) => {
  try {
    compileNlu(defs);
    return [];
  } catch (error) {
    return (error as NluCompileError).problems.map((p) => p.message);
  }
};

describe('archetypes', () => {
  it('matches phrases word by word, whatever the case, accents and punctuation between words', () => {
    const defs = definitions({ archetypes: { claim: ['déclaration de sinistre', 'sinistre'] } });
    expect(archetypeMatches(defs, 'claim', 'DECLARATION DE SINISTRE: voir le Sinistre.')).toEqual([
      'DECLARATION DE SINISTRE',
      'SINISTRE',
      'Sinistre',
    ]);
  });

  it('tolerates typing mistakes within the bounds, not on exact terms', () => {
    const defs = definitions({ archetypes: { tolerant: ['assurance'], strict: ['=assurance'] } });
    expect(archetypeMatches(defs, 'tolerant', 'une asurance, une assurence')).toEqual([
      'asurance',
      'assurence',
    ]);
    expect(archetypeMatches(defs, 'strict', 'une asurance, une assurance')).toEqual(['assurance']);
  });

  it('marks a typo-tolerant match as approximate', () => {
    const nlu = compileNlu(
      definitions({
        archetypes: { word: ['voyage'] },
        interactions: [{ name: 'i', parameters: [{ archetype: 'word' }] }],
      }),
    );
    expect(nlu.terms[0].exact).toBe(false);
  });

  it('matches regular expressions, in the original text', () => {
    const defs = definitions({ archetypes: { ref: ['/REF-\\d{4}/', '/\\bclaim\\b/i'] } });
    expect(archetypeMatches(defs, 'ref', 'Claim REF-1234 and ref-9999')).toEqual(['Claim', 'REF-1234']);
  });

  it('matches what its sub-archetypes match, through several levels', () => {
    const defs = definitions({
      archetypes: {
        vehicle: ['@car', '@boat'],
        car: ['voiture', '@brand'],
        brand: ['renault'],
        boat: ['bateau'],
      },
    });
    expect(archetypeMatches(defs, 'vehicle', 'Ma voiture Renault et mon bateau')).toEqual([
      'voiture',
      'Renault',
      'bateau',
    ]);
  });

  it('refuses an unknown sub-archetype, naming it', () => {
    expect(problemsOf(definitions({ archetypes: { a: ['x', '@ghost'] } }))).toEqual([
      "Archetype 'a': the sub-archetype 'ghost' does not exist",
    ]);
  });

  it('refuses cycles of sub-archetypes, showing the cycle', () => {
    expect(problemsOf(definitions({ archetypes: { a: ['@b'], b: ['@c'], c: ['@a'] } }))).toEqual([
      "Archetype 'a': its sub-archetypes form a cycle (a → b → c → a)",
    ]);
  });

  it('refuses a catastrophic regular expression with the reason', () => {
    const [problem] = problemsOf(definitions({ archetypes: { bad: ['/(a+)+$/'] } }));
    expect(problem).toMatch(/^Archetype 'bad': .*\(a\+\)\+\$/);
  });

  it('uses built-in archetypes as sub-archetypes', () => {
    const defs = definitions({ archetypes: { price: ['@amount'] } });
    expect(archetypeMatches(defs, 'price', 'Total : 1 234,56 € TTC')).toEqual(['1 234,56 €']);
  });

  it('reads a 10 MB text in one pass', () => {
    const defs = definitions({ archetypes: { claim: ['sinistre'], ref: ['/REF-\\d{4}/'] } });
    const text = 'lorem ipsum sinistre REF-1234 '.repeat(350_000);
    expect(archetypeMatches(defs, 'claim', text)).toHaveLength(350_000);
  });
});

describe('inOrder', () => {
  const byValue = (a: number, b: number) => a - b;
  it('says whether sorting would change a list', () => {
    expect(inOrder([], byValue)).toBe(true);
    expect(inOrder([3], byValue)).toBe(true);
    expect(inOrder([1, 2, 2, 5], byValue)).toBe(true);
    expect(inOrder([1, 3, 2], byValue)).toBe(false);
  });

  it('keeps matches one per place, in text order, whatever order the expressions found them', () => {
    const nlu = compileNlu(
      definitions({ archetypes: { claim: ['/claim \\d+/', 'claim', '/\\d+/', '/claim/'] } }),
    );
    const text = 'a claim 12 then 7 and claim';
    const { own } = analyseText(nlu, text, { language: null, allArchetypes: true });
    const hits = archetypeHits(nlu, own, nlu.archetypeIndex.get('claim')!);
    expect(hits.map((h) => text.slice(h.start, h.end))).toEqual(['claim 12', 'claim', '12', '7', 'claim']);
  });
});
