import { describe, expect, it } from 'vitest';
import { en } from './en';
import { fr } from './fr';
import { messageKeys } from './mergeMessages';

const missing = (from: string[], inside: string[]) => from.filter((key) => !inside.includes(key));

describe('console messages', () => {
  const french = messageKeys(fr);
  const english = messageKeys(en);

  it('has every French key in English', () => {
    expect(missing(french, english)).toEqual([]);
  });

  it('has every English key in French', () => {
    expect(missing(english, french)).toEqual([]);
  });

  it('keeps every key under app.* or resources.* and leaves no message empty', () => {
    expect(french.filter((key) => !key.startsWith('app.') && !key.startsWith('resources.'))).toEqual([]);
    // Walked level by level: a key may itself hold dots (`fields['projects.access']`).
    const empty = (tree: Record<string, unknown>, prefix = ''): string[] =>
      Object.entries(tree).flatMap(([key, value]) =>
        typeof value === 'object' && value !== null
          ? empty(value as Record<string, unknown>, `${prefix}${key}.`)
          : value === ''
            ? [`${prefix}${key}`]
            : [],
      );
    expect([...empty(fr), ...empty(en)]).toEqual([]);
  });

  it('finds a key present in one language only (the check itself works)', () => {
    expect(missing(messageKeys({ app: { a: 'A', b: 'B' } }), messageKeys({ app: { a: 'A' } }))).toEqual([
      'app.b',
    ]);
  });
});
