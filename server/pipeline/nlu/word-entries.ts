import type { CompiledNlu, TrieNode } from './compile';
import type { WordHit } from './fuzzy';
import { prefixesOfWord, type WordPrefixes } from './word-prefixes';

/**
 * What one normalised word means to a compiled configuration, worked out once and cached: the
 * vocabulary words it reaches (typo tolerance included), the terms it can start, and the
 * expressions that may match where it stands. Most words of a mail were seen before, so a text
 * costs one cache lookup per word.
 */
export interface WordEntry {
  /** The vocabulary words the word reaches, as `FuzzyIndex.lookup` lists them. */
  hits: WordHit[];
  /** The hits that start a term, in the same order: the automaton's node after them. */
  starts: { node: TrieNode; exact: boolean }[];
  /** Expressions whose word prefix starts this word (see word-prefixes.ts). */
  prefixes: WordPrefixes;
}

/** Word lookups are cached by the compiled server: most words of a mail were seen before. */
const CACHE_LIMIT = 200_000;
const caches = new WeakMap<CompiledNlu, Map<string, WordEntry>>();

const NO_STARTS: WordEntry['starts'] = [];
/** The entry of most words (no term, no expression): one shared object keeps the walk in cache. */
const NOTHING: WordEntry = { hits: [], starts: NO_STARTS, prefixes: prefixesOfWord.none };

/** The entry of a word not cached yet. */
const entryOf = (nlu: CompiledNlu, word: string): WordEntry => {
  const hits = nlu.vocabulary.lookup(word);
  const starts: WordEntry['starts'] = [];
  for (const w of hits) {
    const node = nlu.trie.next.get(w.id);
    if (node) starts.push({ node, exact: w.exact });
  }
  const prefixes = prefixesOfWord(nlu.wordPrefixes, word);
  if (hits.length === 0 && prefixes === prefixesOfWord.none) return NOTHING;
  return { hits, starts: starts.length ? starts : NO_STARTS, prefixes };
};

/**
 * The entries of a text's words (its tokens' normal forms), by token.
 *
 * @example
 *   wordEntries(nlu, ['je', 'declare'])[1].hits; // [{ id: 7, exact: true }]
 */
export const wordEntries = (nlu: CompiledNlu, norm: readonly string[]): WordEntry[] => {
  let cache = caches.get(nlu);
  if (!cache) caches.set(nlu, (cache = new Map()));
  const n = norm.length;
  const entries = new Array<WordEntry>(n);
  for (let i = 0; i < n; i++) {
    const word = norm[i];
    let entry = cache.get(word);
    if (entry === undefined) {
      if (cache.size >= CACHE_LIMIT) cache.clear();
      cache.set(word, (entry = entryOf(nlu, word)));
    }
    entries[i] = entry;
  }
  return entries;
};
