import { describe, expect, it } from 'vitest';
import { termVariations } from './variations';

const values = (term: string, language?: 'fr' | 'gb') =>
  termVariations(term, language).map((v) => `${v.kind}:${v.value}`);

describe('AI variations of a term', () => {
  it('proposes French plural, feminine, unaccented and misspelt forms', () => {
    expect(values('assuré')).toEqual([
      'plural:assurés',
      'feminine:assurée',
      'feminine:assurées',
      'accents:assure',
      'misspelling:asuré',
      'misspelling:asusré',
    ]);
    expect(values('journal')).toContain('plural:journaux');
    expect(values('conducteur')).toContain('feminine:conductrice');
    expect(values('vendeur')).toContain('feminine:vendeuse');
  });

  it('proposes English plurals', () => {
    expect(values('policy', 'gb')[0]).toBe('plural:policies');
    expect(values('claim', 'gb')[0]).toBe('plural:claims');
    expect(values('box', 'gb')[0]).toBe('plural:boxes');
  });

  it('varies the last word of a phrase and never proposes the term itself', () => {
    const found = termVariations('bris de glace', 'fr').map((v) => v.value);
    expect(found).toContain('bris de glaces');
    expect(found).not.toContain('bris de glace');
  });
});
