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
 *
 * A word's deletion variants number about n²/2 strings of n characters: a text word is a hostile
 * input, so their generation is bounded (docs/decisions/nlu-fuzzy-bounded-by-reach.md). A text word
 * longer than the longest tolerant vocabulary word plus its two edits can reach no vocabulary word
 * and is looked up exactly only; words longer than `INDEXED_LENGTH` (of the vocabulary or of the
 * text) are compared with the vocabulary words of nearly their length by a banded distance, linear
 * in their length, instead of through the deletion index. Neither changes what a word reaches.
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

/**
 * The longest word whose deletion variants are indexed or generated: beyond it (a word no language
 * writes) a word is compared by `bandedDistance` with the vocabulary words of nearly its length.
 */
export const INDEXED_LENGTH = 64;

/** The most edits any word tolerates (`allowedEdits`). */
const MAX_EDITS = 2;

/**
 * Optimal string alignment distance when it is at most `max`, else `max + 1`: only the cells within
 * `max` of the diagonal are computed, so the cost is linear in the words' length.
 */
export const bandedDistance = (a: string, b: string, max: number): number => {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const n = b.length;
  const far = max + 1;
  // Rows i-2, i-1 and i over columns 0..n; cells off the band hold `far`.
  let prev2 = new Array<number>(n + 1).fill(far);
  let prev = new Array<number>(n + 1).fill(far);
  let cur = new Array<number>(n + 1).fill(far);
  for (let j = 0; j <= Math.min(n, max); j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    const lo = Math.max(1, i - max);
    const hi = Math.min(n, i + max);
    cur[lo - 1] = lo === 1 && i <= max ? i : far;
    let rowMin = cur[lo - 1];
    for (let j = lo; j <= hi; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let d = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (
        i > 1 &&
        j > 1 &&
        a.charCodeAt(i - 1) === b.charCodeAt(j - 2) &&
        a.charCodeAt(i - 2) === b.charCodeAt(j - 1)
      )
        d = Math.min(d, prev2[j - 2] + 1);
      cur[j] = Math.min(d, far);
      if (d < rowMin) rowMin = d;
    }
    if (hi < n) cur[hi + 1] = far;
    if (rowMin > max) return far;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return Math.min(prev[n], far);
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
  /**
   * The longest text word that can reach a vocabulary word within its tolerance: the longest
   * tolerant word plus its edits. A longer text word is looked up exactly only.
   */
  readonly reach: number = 0;
  /**
   * Tolerant vocabulary words of `INDEXED_LENGTH - MAX_EDITS` characters or more, by length: those a
   * word longer than `INDEXED_LENGTH` (text or vocabulary) may be within reach of.
   */
  private readonly longWords = new Map<number, number[]>();
  /** Whether some tolerant vocabulary word is longer than `INDEXED_LENGTH` (not in `variants`). */
  private readonly anyLong: boolean = false;
  /**
   * Work done by fuzzy lookups so far: deletion variants generated, plus the cells of banded
   * distances. It grows with the words looked up, never with their square (tests read it).
   */
  work = 0;

  /**
   * `tolerant`: the words looked up within their tolerance (default: all); the others — words that
   * only exact terms use — are reached by themselves only, and cost a text word no fuzzy lookup.
   */
  constructor(
    readonly words: readonly string[],
    tolerant?: ReadonlySet<number>,
  ) {
    for (let id = 0; id < words.length; id++) {
      const word = words[id];
      this.ids.set(word, id);
      const depth = tolerant && !tolerant.has(id) ? 0 : allowedEdits(word);
      if (depth === 0) continue;
      this.maxDepth = Math.max(this.maxDepth, depth);
      this.reach = Math.max(this.reach, word.length + depth);
      if (word.length >= INDEXED_LENGTH - MAX_EDITS) {
        const list = this.longWords.get(word.length);
        if (list) list.push(id);
        else this.longWords.set(word.length, [id]);
      }
      if (word.length > INDEXED_LENGTH) {
        this.anyLong = true;
        continue;
      }
      for (const variant of deletions(word, depth, new Set())) {
        const list = this.variants.get(variant);
        if (list) list.push(id);
        else this.variants.set(variant, [id]);
      }
    }
  }

  /** The vocabulary words `word` (normalised) stands for: itself, and those within their tolerance. */
  lookup(word: string): WordHit[] {
    const hits: WordHit[] = [];
    const exact = this.ids.get(word);
    if (exact !== undefined) hits.push({ id: exact, exact: true });
    // A text word shorter than 4 is more than one edit away from every tolerant word (5+ characters);
    // one longer than `reach` is more edits away from every tolerant word than it tolerates.
    if (this.maxDepth === 0 || word.length < 4 || word.length > this.reach || DIGIT.test(word)) return hits;
    const seen = new Set<number>(exact === undefined ? [] : [exact]);
    if (word.length <= INDEXED_LENGTH) {
      const depth = Math.min(this.maxDepth, word.length >= 7 ? 2 : 1);
      const variants = deletions(word, depth, new Set());
      this.work += variants.size;
      for (const variant of variants) {
        for (const id of this.variants.get(variant) ?? []) {
          if (seen.has(id)) continue;
          seen.add(id);
          const target = this.words[id];
          if (editDistance(word, target, allowedEdits(target)) <= allowedEdits(target))
            hits.push({ id, exact: false });
        }
      }
    }
    // Words past the deletion index: compared one by one with the long words of nearly their length.
    if (word.length > INDEXED_LENGTH || (this.anyLong && word.length >= INDEXED_LENGTH - MAX_EDITS))
      for (let length = word.length - MAX_EDITS; length <= word.length + MAX_EDITS; length++)
        for (const id of this.longWords.get(length) ?? []) {
          if (seen.has(id)) continue;
          seen.add(id);
          const target = this.words[id];
          const max = allowedEdits(target);
          this.work += word.length * (2 * max + 1);
          if (bandedDistance(word, target, max) <= max) hits.push({ id, exact: false });
        }
    return hits;
  }
}
