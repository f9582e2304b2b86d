import type { CompiledNlu, CompiledRegex, CompiledTerm, TrieNode } from './compile';
import { scanMatches, tryAt } from './regex-gate';
import { wordEntries, type WordEntry } from './word-entries';
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

/** What the walk of the term automaton reads and writes, passed along instead of captured. */
interface TermWalk {
  nlu: CompiledNlu;
  tokens: Tokens;
  entries: WordEntry[];
  own: Hit[][];
}

const add = (own: Hit[][], hit: Hit) => {
  const list = own[hit.owner];
  if (list) list.push(hit);
  else own[hit.owner] = [hit];
};

/** The match of a term over tokens [first, last). */
const termHit = (
  c: TermWalk,
  term: CompiledTerm,
  first: number,
  last: number,
  approximate: boolean,
): Hit => ({
  owner: term.owner,
  first,
  last,
  start: c.tokens.start[first],
  end: c.tokens.end[last - 1],
  via: term.text,
  approximate,
});

/** The terms ending at `node` (tokens [first, j)), then the longer terms through token j. */
const walk = (c: TermWalk, node: TrieNode, first: number, j: number, approximate: boolean): void => {
  for (const t of node.terms) {
    const term = c.nlu.terms[t];
    if (approximate && term.exact) continue;
    add(c.own, termHit(c, term, first, j, approximate));
  }
  if (node.next.size > 0) longer(c, node, first, j, approximate);
};

/** The terms through token j, going on from `node`. */
const longer = (c: TermWalk, node: TrieNode, first: number, j: number, approximate: boolean): void => {
  if (j >= c.entries.length) return;
  for (const w of c.entries[j].hits) {
    const child = node.next.get(w.id);
    if (child) walk(c, child, first, j + 1, approximate || !w.exact);
  }
};

/**
 * Every term starting at token i: a start's one-word terms are in its entry (`TermStart`), what
 * `walk` from its node would give first; the walk goes on only where longer terms do.
 */
const termsFrom = (c: TermWalk, i: number): void => {
  for (const s of c.entries[i].starts) {
    for (const term of s.terms) add(c.own, termHit(c, term, i, i + 1, !s.exact));
    if (s.longer) longer(c, s.node, i, i + 1, !s.exact);
  }
};

/** The matches of one regular expression, added to `own`. */
const regexMatches = (
  nlu: CompiledNlu,
  k: number,
  text: string,
  tokens: Tokens,
  starts: number[][] | null,
  lowerText: () => string,
  own: Hit[][],
) => {
  const r = nlu.regexes[k];
  const found = foundBy(r, tokens, own);
  if (starts && nlu.wordPrefixes.served.has(k)) tryAt(r.sticky, text, starts[k] ?? NONE_STARTS, found);
  else scanMatches(r, text, lowerText, found);
};

/** What adds a match of `r` (characters [start, start + length)) to `own`. */
const foundBy =
  (r: CompiledRegex, tokens: Tokens, own: Hit[][]) =>
  (start: number, length: number): void => {
    const { first, last } = tokenRange(tokens, start, start + length);
    add(own, { owner: r.owner, first, last, start, end: start + length, via: r.label, approximate: false });
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
  const { entries, termStarts, prefixStarts } = wordEntries(nlu, tokens);
  const c: TermWalk = { nlu, tokens, entries, own };
  for (const i of termStarts) termsFrom(c, i);

  const lowerText = lazyLowerCase(text);
  const starts = tokens.ascii ? wordPrefixCandidates(text, tokens.start, entries, prefixStarts) : null;
  for (let k = 0; k < nlu.regexes.length; k++)
    if (wanted[nlu.regexes[k].owner]) regexMatches(nlu, k, text, tokens, starts, lowerText, own);
  return own;
};

/** A text's lower case, made at the first call. */
const lazyLowerCase = (text: string): (() => string) => {
  let lower: string | undefined;
  return () => (lower ??= text.toLowerCase());
};

const NONE: Hit[] = [];
const NONE_STARTS: number[] = [];

/**
 * Whether a list is already in the order `compare` sorts it into: a stable sort would then change
 * nothing, and the copy and the sort are spared (most lists of matches come out in order).
 */
export const inOrder = <T>(list: readonly T[], compare: (a: T, b: T) => number): boolean => {
  for (let k = 1; k < list.length; k++) if (compare(list[k - 1], list[k]) > 0) return false;
  return true;
};

/** Text order; where two start together the longest first, then an exact one before an approximate one. */
const byPlace = (a: Hit, b: Hit) =>
  a.start - b.start || b.end - a.end || Number(a.approximate) - Number(b.approximate);

const samePlace = (a: Hit, b: Hit) => a.start === b.start && a.end === b.end;

/**
 * The matches of an archetype: its own and its sub-archetypes', one per place (the longest, then
 * an exact one, wins where several expressions matched the same words), in text order. The list
 * is read only: it may be the archetype's own list.
 */
export const archetypeHits = (nlu: CompiledNlu, own: Hit[][], archetype: number): Hit[] => {
  const closure = nlu.archetypes[archetype].closure;
  let all = own[archetype] ?? NONE;
  if (closure.length > 1) {
    all = [];
    for (const a of closure) {
      const list = own[a];
      if (list) for (const h of list) all.push(h);
    }
  }
  if (all.length < 2) return all;
  const sorted = inOrder(all, byPlace) ? all : [...all].sort(byPlace);
  if (sorted.every((h, k) => k === 0 || !samePlace(h, sorted[k - 1]))) return sorted;
  return sorted.filter((h, k) => k === 0 || !samePlace(h, sorted[k - 1]));
};

/**
 * One match per word of an archetype: several of its expressions may match the same words (a term
 * and its plural within typo tolerance, a term and a regex); the page lists the word once, by the
 * exact expression when one matched it, else by the first that did (the NLU test page, the
 * labelling view).
 */
export const onePerWord = (hits: Hit[]): Hit[] => {
  const byPlace = new Map<string, Hit>();
  for (const h of hits) {
    const key = `${h.start}:${h.end}`;
    const kept = byPlace.get(key);
    if (!kept || (kept.approximate && !h.approximate)) byPlace.set(key, h);
  }
  return [...byPlace.values()];
};
