import { describe, expect, it } from 'vitest';
import { inEnglish } from '../../../schemas/trace-messages';
import { analyseText } from './analyse';
import { compileNlu } from './compile';
import { FuzzyIndex, INDEXED_LENGTH } from './fuzzy';
import { COMPLETION_BUDGET } from './interactions';
import { definitions } from './test-support';
import { SEGMENT_PIECE, tokenise } from './text';

/**
 * docs/security.md, "A hostile input fails its own analysis, and nothing else": one long word froze
 * the worker, the fuzzy lookup building every one- and two-character deletion of it (cubic in its
 * length). Timings are not asserted here: the work is, through the vocabulary's count of deletion
 * variants and distance cells (`FuzzyIndex.work`).
 */

/** `n` letters that are no word: a repeated alphabet. */
const letters = (n: number) => 'abcdefghijklmnopqrstuvwxyz'.repeat(Math.ceil(n / 26)).slice(0, n);

const defs = definitions({
  archetypes: { claim: ['sinistre', 'déclaration de sinistre'], insurance: ['assurance'] },
  interactions: [{ name: 'declare', parameters: [{ archetype: 'claim' }] }],
});

/** The words each archetype matched, and the fuzzy work the analysis took. */
const analyse = (text: string) => {
  const nlu = compileNlu(defs);
  const before = nlu.vocabulary.work;
  const analysis = analyseText(nlu, text, { language: null, allArchetypes: true });
  const matched = (name: string) =>
    (analysis.own[nlu.archetypeIndex.get(name)!] ?? []).map((h) => text.slice(h.start, h.end));
  return {
    claim: matched('claim'),
    insurance: matched('insurance'),
    occurrences: analysis.occurrences.length,
    work: nlu.vocabulary.work - before,
  };
};

describe('the fuzzy lookup of long words', () => {
  it('generates no deletion variant for a word longer than any vocabulary word can reach', () => {
    const index = new FuzzyIndex(['assurance', 'sinistre']);
    expect(index.reach).toBe('assurance'.length + 2);
    expect(index.lookup(letters(300))).toEqual([]);
    expect(index.work).toBe(0);
    // A word within reach still costs its variants, and still finds its typo.
    expect(index.lookup('asurance')).toEqual([{ id: 0, exact: false }]);
    expect(index.work).toBeGreaterThan(0);
  });

  it.each([
    ['a 2,000-letter word', 2_000],
    ['a 100,000-letter word', 100_000],
  ])('%s between normal words: it matches nothing, the words around it still do', (_, n) => {
    const result = analyse(`Déclaration de sinistre ${letters(n)} pour mon asurance, un sinistre.`);
    expect(result.claim).toEqual(['Déclaration de sinistre', 'sinistre', 'sinistre']);
    expect(result.insurance).toEqual(['asurance']);
    expect(result.occurrences).toBe(2);
    // The variants of the few short words only: the long word adds none (it added ~n³ before).
    expect(result.work).toBeLessThan(1_000);
  });

  it('a 1,000,000-character text of one token matches nothing, with no fuzzy work', () => {
    const result = analyse(letters(1_000_000));
    expect(result).toEqual({ claim: [], insurance: [], occurrences: 0, work: 0 });
  });

  it('a 1,000,000-character text of one non-ASCII token matches nothing, with no fuzzy work', () => {
    const result = analyse('é'.repeat(1_000_000));
    expect(result).toEqual({ claim: [], insurance: [], occurrences: 0, work: 0 });
  });

  it('keeps the tolerance of vocabulary words longer than the deletion index, at a linear cost', () => {
    const long = letters(INDEXED_LENGTH + 36); // 100 letters: two edits allowed, no variants indexed
    const index = new FuzzyIndex([long, 'assurance']);
    const typo = `${long.slice(0, 10)}${long.slice(11, 50)}x${long.slice(50)}`; // a deletion, an insertion
    expect(index.lookup(typo)).toEqual([{ id: 0, exact: false }]);
    expect(index.lookup(`${typo}yz`)).toEqual([]); // four edits
    expect(index.lookup(long)).toEqual([{ id: 0, exact: true }]);
    // Two banded comparisons of about 100 × 5 cells, no deletion variant of a 100-letter word.
    expect(index.work).toBeLessThanOrEqual(2 * 102 * 5);
    // A word of the index's length reaches a longer vocabulary word too.
    const edge = long.slice(0, INDEXED_LENGTH + 1);
    const near = new FuzzyIndex([edge]);
    expect(near.lookup(edge.slice(0, INDEXED_LENGTH - 1))).toEqual([{ id: 0, exact: false }]);
  });
});

describe('the segmenter on long texts', () => {
  it('reads a text without spaces piece by piece, with the same words as in one piece', () => {
    const sentences = [
      '私は東京に住んでいます。',
      '保険の請求について、ご連絡ください',
      '中文测试，没有问题！',
      ' ok ',
    ];
    const text = Array.from({ length: 400 }, (_, k) => sentences[(k * 7) % sentences.length]).join('');
    expect(text.length).toBeGreaterThan(4 * SEGMENT_PIECE);
    const whole = [...new Intl.Segmenter(undefined, { granularity: 'word' }).segment(text)]
      .filter((s) => s.isWordLike)
      .map((s) => `${s.index}:${s.segment}`);
    const tokens = tokenise(text);
    expect(tokens.raw.map((w, k) => `${tokens.start[k]}:${w}`)).toEqual(whole);
  });

  it('cuts a run without space or punctuation at the piece length, never inside a surrogate pair', () => {
    // After the "x", every SEGMENT_PIECE-th code unit is the second half of a pair.
    const text = `x${'𠀀'.repeat(SEGMENT_PIECE)}`;
    const tokens = tokenise(text);
    expect(tokens.raw.join('')).toBe(text);
    expect(tokens.raw.slice(1).every((w) => /^(?:𠀀)+$/u.test(w))).toBe(true);
  });
});

describe('the completion of occurrences on hostile texts', () => {
  it('stops at its budget when every occurrence would look past every match', () => {
    const nlu = compileNlu(
      definitions({
        archetypes: { a: ['alpha'], b: ['beta'] },
        interactions: [{ name: 'ab', parameters: [{ archetype: 'a' }, { archetype: 'b', optional: true }] }],
      }),
    );
    // Every beta before every alpha: the k-th alpha's nearest free beta lies past k - 1 used ones.
    const n = 3_000;
    const { occurrences, warnings } = analyseText(nlu, `${'beta '.repeat(n)}${'alpha '.repeat(n)}`, {
      language: null,
    });
    expect(n * n).toBeGreaterThan(2 * COMPLETION_BUDGET);
    expect(occurrences.length).toBeLessThan(n);
    expect(occurrences[0].parameters.b).toHaveLength(1);
    expect(warnings).toEqual([{ code: 'nluSearchStoppedEarly', params: { interaction: 'ab' } }]);
    expect(warnings.map(inEnglish)).toEqual([
      "Interaction 'ab': the search stopped early in a block with too many candidate matches",
    ]);
  });
});
