import type { CompiledNlu, TrieNode } from './compile';
import type { WordHit } from './fuzzy';
import { scanMatches, tryAt } from './regex-gate';
import { wordPrefixCandidates } from './word-prefixes';
import { tokenRange, type Tokens } from './text';

/** Where an archetype matched: token range [first, last) and characters [start, end). */
export interface Hit {
  /** The archetype whose own expression matched (a sub-archetype of the one asked, possibly). */
  owner: number;
  first: number;
  last: number;
  start: number;
  end: number;
  /** The term or the regular expression that matched. */
  via: string;
  /** True when a word matched within typo tolerance rather than exactly. */
  approximate: boolean;
}

/** Word lookups are cached by the compiled server: most words of a mail were seen before. */
const CACHE_LIMIT = 200_000;
const lookups = new WeakMap<CompiledNlu, Map<string, WordHit[]>>();

const cacheOf = (nlu: CompiledNlu): Map<string, WordHit[]> => {
  let cache = lookups.get(nlu);
  if (!cache) lookups.set(nlu, (cache = new Map()));
  return cache;
};

/**
 * Every match of the archetypes' own expressions in a text, by owning archetype: a sparse array,
 * with no entry for an archetype that matched nothing (most of them, in any one text). `wanted`
 * restricts the regular expressions run to the archetypes that matter (terms cost the same either
 * way: one walk of the automaton).
 */
export const matchArchetypes = (
  nlu: CompiledNlu,
  text: string,
  tokens: Tokens,
  wanted: boolean[],
): Hit[][] => {
  const own: Hit[][] = new Array<Hit[]>(nlu.archetypes.length);
  const add = (hit: Hit) => (own[hit.owner] ??= []).push(hit);
  const n = tokens.norm.length;
  const words = new Array<WordHit[]>(n);
  const cache = cacheOf(nlu);
  for (let i = 0; i < n; i++) {
    const word = tokens.norm[i];
    let hits = cache.get(word);
    if (hits === undefined) {
      if (cache.size >= CACHE_LIMIT) cache.clear();
      cache.set(word, (hits = nlu.vocabulary.lookup(word)));
    }
    words[i] = hits;
  }

  const walk = (node: TrieNode, first: number, j: number, approximate: boolean) => {
    for (const t of node.terms) {
      const term = nlu.terms[t];
      if (approximate && term.exact) continue;
      add({
        owner: term.owner,
        first,
        last: j,
        start: tokens.start[first],
        end: tokens.end[j - 1],
        via: term.text,
        approximate,
      });
    }
    if (j >= n || node.next.size === 0) return;
    for (const w of words[j]) {
      const child = node.next.get(w.id);
      if (child) walk(child, first, j + 1, approximate || !w.exact);
    }
  };
  for (let i = 0; i < n; i++)
    for (const w of words[i]) {
      const child = nlu.trie.next.get(w.id);
      if (child) walk(child, i, i + 1, !w.exact);
    }

  let lower: string | undefined;
  const lowerText = () => (lower ??= text.toLowerCase());
  const byWords = tokens.ascii ? wordPrefixCandidates(nlu.wordPrefixes, tokens) : null;
  nlu.regexes.forEach((r, k) => {
    if (!wanted[r.owner]) return;
    const found = (start: number, length: number) => {
      const { first, last } = tokenRange(tokens, start, start + length);
      add({
        owner: r.owner,
        first,
        last,
        start,
        end: start + length,
        via: r.label,
        approximate: false,
      });
    };
    if (byWords && nlu.wordPrefixes.served.has(k))
      tryAt(r.sticky, text, byWords.get(k) ?? NONE_STARTS, found);
    else scanMatches(r, text, lowerText, found);
  });
  return own;
};

const NONE: Hit[] = [];
const NONE_STARTS: number[] = [];

/**
 * The matches of an archetype: its own and its sub-archetypes', one per place (the longest, then
 * an exact one, wins where several expressions matched the same words), in text order.
 */
export const archetypeHits = (nlu: CompiledNlu, own: Hit[][], archetype: number): Hit[] => {
  const closure = nlu.archetypes[archetype].closure;
  const all = closure.length === 1 ? (own[archetype] ?? NONE) : closure.flatMap((a) => own[a] ?? NONE);
  if (all.length < 2) return all;
  const sorted = [...all].sort(
    (a, b) => a.start - b.start || b.end - a.end || Number(a.approximate) - Number(b.approximate),
  );
  return sorted.filter((h, k) => k === 0 || h.start !== sorted[k - 1].start || h.end !== sorted[k - 1].end);
};
