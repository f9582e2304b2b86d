import type { CompiledRegex } from './compile';
import type { Tokens } from './text';

/**
 * Where to try the expressions that start a match with a word (`\b` then letters or digits): the
 * words of a text, walked once through a letter tree of every such prefix, say which expression
 * may match where. On an ASCII text this finds every place a global scan would match (a `\b`
 * before a letter or digit is the start of one of our words), for the cost of one pass over the
 * words instead of one search per expression.
 */
interface LetterNode {
  next: Map<string, LetterNode>;
  /** Expressions (indexes in `regexes`) whose prefix ends here. */
  ends: number[];
}

export interface WordPrefixIndex {
  /** Prefixes of case-insensitive expressions, in lower case, matched against normal forms. */
  lower: LetterNode;
  /** Prefixes of case-sensitive expressions, matched against words as written. */
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
      for (const c of prefix) {
        let child = at.next.get(c);
        if (!child) at.next.set(c, (child = node()));
        at = child;
      }
      at.ends.push(k);
    }
  });
  return index;
};

const walk = (root: LetterNode, word: string, start: number, into: Map<number, number[]>) => {
  let at: LetterNode | undefined = root;
  for (let i = 0; i < word.length && at; i++) {
    at = at.next.get(word[i]);
    if (at)
      for (const k of at.ends) {
        const list = into.get(k);
        if (!list) into.set(k, [start]);
        else if (list[list.length - 1] !== start) list.push(start);
      }
  }
};

/** Candidate start offsets by expression, in text order, for an ASCII text's words. */
export const wordPrefixCandidates = (index: WordPrefixIndex, tokens: Tokens): Map<number, number[]> => {
  const found = new Map<number, number[]>();
  const n = tokens.raw.length;
  for (let i = 0; i < n; i++) {
    walk(index.lower, tokens.norm[i], tokens.start[i], found);
    if (index.exact.next.size) walk(index.exact, tokens.raw[i], tokens.start[i], found);
  }
  return found;
};
