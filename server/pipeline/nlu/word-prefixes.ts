import type { CompiledRegex } from './compile';

/**
 * Where to try the expressions that start a match with a word (`\b` then letters or digits): the
 * words of a text, walked once through a letter tree of every such prefix, say which expression
 * may match where. On an ASCII text this finds every place a global scan would match (a `\b`
 * before a letter or digit is the start of one of our words), for the cost of one pass over the
 * words instead of one search per expression.
 */
interface LetterNode {
  next: Map<string, LetterNode>;
  /** Expressions (indexes in `regexes`) whose prefix ends here, with the prefix as written. */
  ends: { expression: number; prefix: string }[];
}

export interface WordPrefixIndex {
  /** Prefixes of case-insensitive expressions, in lower case, matched against normal forms. */
  lower: LetterNode;
  /** Prefixes of case-sensitive expressions, lower-cased: the words as written are checked after. */
  exact: LetterNode;
  /** The expressions the index serves. */
  served: Set<number>;
}

const node = (): LetterNode => ({ next: new Map(), ends: [] });

/** The index of a compiled configuration's expressions that can use it. */
export const wordPrefixIndex = (regexes: CompiledRegex[]): WordPrefixIndex => {
  const index: WordPrefixIndex = { lower: node(), exact: node(), served: new Set() };
  regexes.forEach((r, k) => {
    if (!r.gate?.wordPrefixes || !r.gate.prefixes) return;
    index.served.add(k);
    for (const prefix of r.gate.prefixes) {
      let at = r.gate.lowerCase ? index.lower : index.exact;
      for (const c of prefix.toLowerCase()) {
        let child = at.next.get(c);
        if (!child) at.next.set(c, (child = node()));
        at = child;
      }
      at.ends.push({ expression: k, prefix });
    }
  });
  return index;
};

/**
 * The expressions a word may start a match of: `lower` those whose prefix starts the word's normal
 * form; `exact` the case-sensitive prefixes that start it once lower-cased — the word as written
 * is then checked (an ASCII word starts with "ACC" only if its lower case starts with "acc").
 */
export interface WordPrefixes {
  lower: number[];
  exact: { expression: number; prefix: string }[];
}

const NO_PREFIXES: WordPrefixes = { lower: [], exact: [] };

/** Every prefix of the tree that starts a word. */
const walk = (root: LetterNode, word: string, into: (end: LetterNode['ends'][number]) => void) => {
  let at: LetterNode | undefined = root;
  for (let i = 0; i < word.length && at; i++) {
    at = at.next.get(word[i]);
    if (at) for (const end of at.ends) into(end);
  }
};

/**
 * What the index says of one normalised word (cached with the word's other lookups);
 * `prefixesOfWord.none` for a word that starts no expression.
 */
export const prefixesOfWord = (index: WordPrefixIndex, norm: string): WordPrefixes => {
  const lower: number[] = [];
  walk(index.lower, norm, (e) => lower.includes(e.expression) || lower.push(e.expression));
  const exact: WordPrefixes['exact'] = [];
  walk(index.exact, norm, (e) => exact.push(e));
  return lower.length || exact.length ? { lower, exact } : NO_PREFIXES;
};
prefixesOfWord.none = NO_PREFIXES;

/**
 * Candidate start offsets by expression (a sparse array), in text order, for an ASCII text's
 * words: `at` lists the tokens whose word starts some prefix (ascending), `words[i].prefixes` is
 * what `prefixesOfWord` says of token i.
 */
export const wordPrefixCandidates = (
  text: string,
  starts: ArrayLike<number>,
  words: readonly { prefixes: WordPrefixes }[],
  at: readonly number[],
): number[][] => {
  const found: number[][] = [];
  for (const i of at) {
    const p = words[i].prefixes;
    for (const k of p.lower) addStart(found, k, starts[i]);
    for (const e of p.exact)
      if (text.startsWith(e.prefix, starts[i])) addStart(found, e.expression, starts[i]);
  }
  return found;
};

const addStart = (found: number[][], k: number, start: number) => {
  const list = found[k];
  if (!list) found[k] = [start];
  else if (list[list.length - 1] !== start) list.push(start);
};
