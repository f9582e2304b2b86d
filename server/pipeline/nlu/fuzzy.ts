/**
 * Typing-mistake tolerance (DESIGN.md §6): a term's word matches a text word within one edit when
 * it has 5 characters or more, two edits from 9 characters, none below 5 or when it holds a digit
 * (references and codes are never approximate). An edit is an insertion, a deletion, a substitution
 * or the swap of two neighbouring letters (optimal string alignment distance).
 *
 * Lookups use a deletion index (SymSpell): every word of the vocabulary is stored with the variants
 * obtained by deleting up to its allowed number of characters; a text word's own deletion variants
 * meet them whenever the two are within reach, and the true distance then decides. Its cost does
 * not grow with the vocabulary.
 */

const DIGIT = /\p{N}/u;

/** How many edits a term's word tolerates. */
export const allowedEdits = (word: string): number =>
  DIGIT.test(word) ? 0 : word.length >= 9 ? 2 : word.length >= 5 ? 1 : 0;

/** Optimal string alignment distance, stopping early once it exceeds `max`. */
export const editDistance = (a: string, b: string, max: number): number => {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const n = b.length;
  let prev2 = new Array<number>(n + 1).fill(0);
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  let cur = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= n; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let d = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2] + 1);
      cur[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[n];
};

/** Every string obtained by deleting up to `depth` characters of `word` (the word included). */
const deletions = (word: string, depth: number, into: Set<string>): Set<string> => {
  into.add(word);
  if (depth === 0 || word.length <= 1) return into;
  for (let i = 0; i < word.length; i++) {
    const shorter = word.slice(0, i) + word.slice(i + 1);
    if (!into.has(shorter)) deletions(shorter, depth - 1, into);
  }
  return into;
};

/** A vocabulary word a text word reached, and whether it is the very same word. */
export interface WordHit {
  id: number;
  exact: boolean;
}

/**
 * The vocabulary of a compiled configuration: the normalised words of its terms.
 *
 * @example
 *   const index = new FuzzyIndex(['assurance', 'sinistre']);
 *   index.lookup('asurance'); // [{ id: 0, exact: false }]
 */
export class FuzzyIndex {
  private readonly ids = new Map<string, number>();
  private readonly variants = new Map<string, number[]>();
  private maxDepth = 0;

  constructor(readonly words: readonly string[]) {
    words.forEach((word, id) => {
      this.ids.set(word, id);
      const depth = allowedEdits(word);
      if (depth === 0) return;
      this.maxDepth = Math.max(this.maxDepth, depth);
      for (const variant of deletions(word, depth, new Set())) {
        const list = this.variants.get(variant);
        if (list) list.push(id);
        else this.variants.set(variant, [id]);
      }
    });
  }

  /** The vocabulary words `word` (normalised) stands for: itself, and those within their tolerance. */
  lookup(word: string): WordHit[] {
    const hits: WordHit[] = [];
    const exact = this.ids.get(word);
    if (exact !== undefined) hits.push({ id: exact, exact: true });
    // A text word shorter than 4 is more than one edit away from every tolerant word (5+ characters).
    if (this.maxDepth === 0 || word.length < 4 || DIGIT.test(word)) return hits;
    const depth = Math.min(this.maxDepth, word.length >= 7 ? 2 : 1);
    const seen = new Set<number>(exact === undefined ? [] : [exact]);
    for (const variant of deletions(word, depth, new Set())) {
      for (const id of this.variants.get(variant) ?? []) {
        if (seen.has(id)) continue;
        seen.add(id);
        const target = this.words[id];
        if (editDistance(word, target, allowedEdits(target)) <= allowedEdits(target))
          hits.push({ id, exact: false });
      }
    }
    return hits;
  }
}
