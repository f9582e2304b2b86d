import { describe, expect, it } from 'vitest';
import { allowedEdits, editDistance, FuzzyIndex } from './fuzzy';

describe('typo tolerance bounds', () => {
  it('allows none below 5 characters, one from 5, two from 9, none with digits', () => {
    expect([
      allowedEdits('chat'),
      allowedEdits('avion'),
      allowedEdits('assuranc'),
      allowedEdits('assurance'),
    ]).toEqual([0, 1, 1, 2]);
    expect(allowedEdits('abc12345')).toBe(0);
  });

  it('counts a swap of neighbours as one edit', () => {
    expect(editDistance('contrat', 'cnotrat', 3)).toBe(1);
    expect(editDistance('sinistre', 'sinistres', 3)).toBe(1);
    expect(editDistance('kitten', 'sitting', 5)).toBe(3);
  });

  const index = new FuzzyIndex([
    'chat',
    'avion',
    'assurance',
    'résiliation'.normalize('NFD').replace(/\p{M}/gu, ''),
  ]);
  const found = (word: string) => index.lookup(word).map((h) => `${index.words[h.id]}${h.exact ? '' : '~'}`);

  it.each([
    ['chat', ['chat']],
    ['chats', []], // 4-letter word: exact only
    ['avion', ['avion']],
    ['avoin', ['avion~']],
    ['avionss', []], // two edits on a 5-letter word
    ['asurance', ['assurance~']],
    ['asuranse', ['assurance~']], // two edits on a 9-letter word
    ['asurans', []], // three
    ['resilitaion', ['resiliation~']],
  ])('%s reaches %j', (word, expected) => expect(found(word)).toEqual(expected));
});

describe('words only exact terms use', () => {
  it('are reached by themselves only, and cost a text word no fuzzy lookup', () => {
    // 'assurance' (id 0) is tolerant; 'sinistre' (id 1) belongs to exact terms only.
    const index = new FuzzyIndex(['assurance', 'sinistre'], new Set([0]));
    expect(index.lookup('asurance')).toEqual([{ id: 0, exact: false }]);
    expect(index.lookup('sinistre')).toEqual([{ id: 1, exact: true }]);
    expect(index.lookup('sinistra')).toEqual([]);
    const exactOnly = new FuzzyIndex(['assurance', 'sinistre'], new Set());
    exactOnly.lookup('asurance');
    exactOnly.lookup('sinistra');
    expect(exactOnly.work).toBe(0);
  });
});
