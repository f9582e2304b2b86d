/**
 * The "AI variations" helper of the archetype editor (spec pipeline §2): forms of a term a
 * configurator may want as terms too — plural, feminine, without accents, common misspellings —
 * proposed to accept or reject, never added by themselves. Rules of French and English spelling,
 * no model: the same term always gives the same proposals.
 */
export interface Variation {
  value: string;
  kind: 'plural' | 'feminine' | 'accents' | 'misspelling';
}

const stripAccents = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');

const frenchPlural = (w: string) =>
  /[sxz]$/.test(w)
    ? null
    : /al$/.test(w)
      ? `${w.slice(0, -2)}aux`
      : /(eau|eu|au)$/.test(w)
        ? `${w}x`
        : `${w}s`;
const englishPlural = (w: string) =>
  /[^aeiou]y$/.test(w) ? `${w.slice(0, -1)}ies` : /(s|x|z|ch|sh)$/.test(w) ? `${w}es` : `${w}s`;
const frenchFeminine = (w: string) =>
  /e$/.test(w)
    ? null
    : /teur$/.test(w)
      ? `${w.slice(0, -4)}trice`
      : /eur$/.test(w)
        ? `${w.slice(0, -3)}euse`
        : /if$/.test(w)
          ? `${w.slice(0, -2)}ive`
          : /(en|on)$/.test(w)
            ? `${w}ne`
            : /er$/.test(w)
              ? `${w.slice(0, -2)}ère`
              : `${w}e`;

/** Misspellings people type: a doubled letter single, a single consonant doubled, two letters swapped. */
const misspellings = (w: string): string[] => {
  const out = new Set<string>();
  const doubled = /([a-z])\1/.exec(w);
  if (doubled) out.add(w.slice(0, doubled.index) + w.slice(doubled.index + 1));
  const single = /[aeiou]([bcdfglmnprst])[aeiou]/.exec(w);
  if (single && !doubled) out.add(w.slice(0, single.index + 1) + single[1] + w.slice(single.index + 1));
  if (w.length >= 4) {
    const i = Math.floor(w.length / 2) - 1;
    out.add(w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2));
  }
  out.delete(w);
  return [...out];
};

/**
 * Proposals for a term: on its last word for plural and feminine, on each word for the rest.
 *
 * @example
 *   termVariations('contrat', 'fr'); // [{ value: 'contrats', kind: 'plural' }, …]
 */
export const termVariations = (term: string, language: 'fr' | 'gb' = 'fr'): Variation[] => {
  const clean = term.trim().toLowerCase();
  if (!clean) return [];
  const words = clean.split(/\s+/);
  const last = words[words.length - 1];
  const withLast = (w: string | null) => (w ? [...words.slice(0, -1), w].join(' ') : null);
  const found: Variation[] = [];
  const add = (value: string | null, kind: Variation['kind']) => {
    if (value && value !== clean && !found.some((f) => f.value === value)) found.push({ value, kind });
  };
  add(withLast(language === 'fr' ? frenchPlural(last) : englishPlural(last)), 'plural');
  if (language === 'fr') {
    const feminine = frenchFeminine(last);
    add(withLast(feminine), 'feminine');
    add(withLast(feminine && frenchPlural(feminine)), 'feminine');
  }
  add(stripAccents(clean), 'accents');
  for (const m of misspellings(last)) add(withLast(m), 'misspelling');
  return found;
};
