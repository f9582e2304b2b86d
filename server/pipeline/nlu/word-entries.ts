import type { CompiledNlu, CompiledTerm, TrieNode } from './compile';
import type { WordHit } from './fuzzy';
import { AsciiTokens, type Tokens } from './text';
import { hashSpan, slotTag, WordTable } from './word-table';
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
  /** The hits that start a term, in the same order (see `TermStart`). */
  starts: TermStart[];
  /** Expressions whose word prefix starts this word (see word-prefixes.ts). */
  prefixes: WordPrefixes;
}

/**
 * A vocabulary word that starts terms: the automaton's node after it, with what the walk reads
 * there worked out once — the terms of this one word it gives (an approximate hit gives no exact
 * term), and whether longer terms go on from it — so most starts never load the node.
 */
export interface TermStart {
  node: TrieNode;
  exact: boolean;
  terms: CompiledTerm[];
  longer: boolean;
}

/** Word lookups are cached by the compiled server: most words of a mail were seen before. */
const CACHE_LIMIT = 200_000;
const caches = new WeakMap<CompiledNlu, WordTable<WordEntry>>();

const NO_STARTS: WordEntry['starts'] = [];
/** The entry of most words (no term, no expression): one shared object keeps the walk in cache. */
const NOTHING: WordEntry = { hits: [], starts: NO_STARTS, prefixes: prefixesOfWord.none };

/** The entry of a word not cached yet. */
const entryOf = (nlu: CompiledNlu, word: string): WordEntry => {
  const hits = nlu.vocabulary.lookup(word);
  const starts: WordEntry['starts'] = [];
  for (const w of hits) {
    const node = nlu.trie.next.get(w.id);
    if (!node) continue;
    const terms = node.terms.map((t) => nlu.terms[t]).filter((term) => w.exact || !term.exact);
    starts.push({ node, exact: w.exact, terms, longer: node.next.size > 0 });
  }
  const prefixes = prefixesOfWord(nlu.wordPrefixes, word);
  if (hits.length === 0 && prefixes === prefixesOfWord.none) return NOTHING;
  return { hits, starts: starts.length ? starts : NO_STARTS, prefixes };
};

/** What `WordTable.warm` read: kept so that its reads are not optimised away. */
export let warmed = 0;

/** A text's word entries, with the few tokens that matter listed apart (most words start nothing). */
export interface TextWords {
  /** By token. */
  entries: WordEntry[];
  /** Tokens whose word starts a term, ascending. */
  termStarts: number[];
  /** Tokens whose word starts some expression's prefix, ascending. */
  prefixStarts: number[];
}

/** The tags of a word's slot in the table (word-table.ts): what `wordEntries` lists apart. */
const STARTS_TERMS = 1;
const STARTS_PREFIXES = 2;

const tagOf = (entry: WordEntry) =>
  (entry.starts.length ? STARTS_TERMS : 0) | (entry.prefixes !== prefixesOfWord.none ? STARTS_PREFIXES : 0);

/** A word's slot, its entry looked up and kept in the server's table (cleared when full). */
const cached = (nlu: CompiledNlu, table: WordTable<WordEntry>, word: string, hash: number) => {
  if (table.size >= CACHE_LIMIT) table.clear();
  const entry = entryOf(nlu, word);
  return table.add(word, hash, entry, tagOf(entry));
};

/** Files token i under the lists its slot's tag names. */
const list = (words: TextWords, i: number, slot: number) => {
  const tag = slotTag(slot);
  if (tag & STARTS_TERMS) words.termStarts.push(i);
  if (tag & STARTS_PREFIXES) words.prefixStarts.push(i);
};

/**
 * The entries of a text's words. An ASCII text's words are looked up by their offsets (no string
 * is cut for a word already known); others by their normal forms. Which tokens start terms or
 * expressions is read from the table's slots: most entries are never loaded here.
 *
 * @example
 *   wordEntries(nlu, tokenise('Je déclare')).entries[1].hits; // [{ id: 7, exact: true }]
 */
export const wordEntries = (nlu: CompiledNlu, tokens: Tokens): TextWords => {
  let table = caches.get(nlu);
  if (!table) caches.set(nlu, (table = new WordTable(NOTHING)));
  const n = tokens.start.length;
  const words: TextWords = { entries: new Array<WordEntry>(n), termStarts: [], prefixStarts: [] };
  if (tokens instanceof AsciiTokens) {
    const { text, start, end, hashes } = tokens;
    warmed ^= table.warm(hashes);
    for (let i = 0; i < n; i++) {
      const from = start[i];
      const to = end[i];
      const slot =
        table.find(text, from, to, hashes[i]) ||
        cached(nlu, table, text.slice(from, to).toLowerCase(), hashes[i]);
      words.entries[i] = table.valueOf(slot);
      if (slotTag(slot) !== 0) list(words, i, slot);
    }
  } else
    for (let i = 0; i < n; i++) {
      // Normal forms have no upper-case ASCII letter: a table lookup of one as a span finds it.
      const word = tokens.norm[i];
      const hash = hashSpan(word, 0, word.length);
      const slot = table.find(word, 0, word.length, hash) || cached(nlu, table, word, hash);
      words.entries[i] = table.valueOf(slot);
      if (slotTag(slot) !== 0) list(words, i, slot);
    }
  warmed ^= warmStarts(words);
  return words;
};

/**
 * Reads what the walk of the term automaton and the expressions' word prefixes will read first,
 * for every token that starts a term or a prefix, in loops: these loads do not depend on one
 * another, so the processor overlaps their cache misses, which the walks would wait for one after
 * the other. The entries were made when their words were first seen, scattered over the heap.
 */
const warmStarts = ({ entries, termStarts, prefixStarts }: TextWords): number => {
  let any = 0;
  for (const i of termStarts) any ^= entries[i].starts[0].terms.length;
  for (const i of prefixStarts) any ^= entries[i].prefixes.lower.length;
  return any;
};
