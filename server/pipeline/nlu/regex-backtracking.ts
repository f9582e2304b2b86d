// The rules about an expression's shape that keep backtracking bounded: one pass over the pattern
// summarises each node (its shortest match, the characters it starts with, its repetitions), and
// the first shape that backtracks catastrophically is kept as the problem: nested repetitions,
// repeated branches that start alike, and adjacent repetitions that share characters.
import type { AST } from '@eslint-community/regexpp';
import { ANY, EMPTY, atomSet, describeChar, sharedChar, union } from './regex-char-sets';
import type { Atom, CharSet } from './regex-char-sets';
import type { CodedDetail } from '../../../schemas/detail-messages';

/** A problem of the expression, by code; `refused` (regex-safety.ts) adds the expression it names. */
export type Problem = CodedDetail;

// A loop this short over parts that may share characters multiplies the work by a bounded factor...
const MAX_BOUNDED_LOOP = 10;
// ...as long as the ways it can split a text stay below this; `(?:a{1,10}){1,10}` would allow 10^10.
const MAX_SPLITS = 1_000;

/** What the analysis knows of a node: the shortest match, its first characters, its repetitions. */
interface Summary {
  readonly minLength: number;
  /** Characters a non-empty match can start with, over-approximated. */
  readonly first: CharSet;
  /** The first quantifier inside that can repeat a variable number of times (more than once). */
  readonly repetition: AST.Quantifier | null;
  /** Unbounded one-character repetitions a match can begin with, and end with: `\d+` in `(?:x|\d+)`. */
  readonly heads: readonly AST.Quantifier[];
  readonly tails: readonly AST.Quantifier[];
}
/** The analysis's state: the flags that widen character sets, the first problem, the summaries. */
export interface Context {
  ignoreCase: boolean;
  dotAll: boolean;
  problem: Problem | null;
  readonly summaries: Map<AST.Node, Summary>;
}

const NOTHING_REPEATED = { repetition: null, heads: [], tails: [] } as const;

const isAtom = (node: AST.Node): node is Atom =>
  node.type === 'Character' ||
  node.type === 'CharacterClass' ||
  node.type === 'CharacterSet' ||
  node.type === 'ExpressionCharacterClass';

const symbolOf = (q: AST.Quantifier): string => q.raw.slice(q.element.raw.length);

// `((a|b))` and `(?:(a+))` repeat what their only element repeats.
const unwrap = (node: AST.Node): AST.Node => {
  let current = node;
  while (
    (current.type === 'Group' || current.type === 'CapturingGroup') &&
    current.alternatives.length === 1 &&
    current.alternatives[0].elements.length === 1
  ) {
    current = current.alternatives[0].elements[0];
  }
  return current;
};

// A short loop is accepted when its parts, read around the loop, cannot trade characters, or trade them
// in few enough ways: `(?:\w+\W+){0,4}` and `(?:[ .-]?\d{2,4}){2,4}` pass, `(?:\w+\s?){0,4}` does not.
const boundedLoopIsSafe = (q: AST.Quantifier, ctx: Context): boolean => {
  const body = unwrap(q.element);
  const isGroup = body.type === 'Group' || body.type === 'CapturingGroup';
  if (isGroup && body.alternatives.length !== 1) return false;
  const parts: { set: CharSet; min: number; max: number }[] = [];
  for (const e of isGroup ? body.alternatives[0].elements : [body]) {
    // Word and edge assertions consume nothing; ignoring what they forbid only makes this check stricter.
    if (e.type === 'Assertion' && (e.kind === 'word' || e.kind === 'start' || e.kind === 'end')) continue;
    const atom = e.type === 'Quantifier' ? e.element : e;
    if (!isAtom(atom)) return false;
    const [min, max] = e.type === 'Quantifier' ? [e.min, e.max] : [1, 1];
    parts.push({ set: analyse(atom, ctx).first, min, max });
  }
  const trading = new Set<(typeof parts)[number]>();
  parts.forEach((part, i) => {
    if (part.min === part.max) return;
    for (let step = 1; step <= parts.length; step++) {
      const next = parts[(i + step) % parts.length];
      if (sharedChar(part.set, next.set, ctx) !== null) trading.add(part).add(next);
      if (next.min > 0) break;
    }
  });
  let splits = 1;
  for (const part of trading) splits *= part.max - part.min + 1;
  return splits ** q.max <= MAX_SPLITS;
};

const nestedProblem = (q: AST.Quantifier, inner: Summary, ctx: Context): Problem | null => {
  if (!inner.repetition) return null;
  if (q.max <= MAX_BOUNDED_LOOP && boundedLoopIsSafe(q, ctx)) return null;
  return {
    code: unwrap(q.element) === inner.repetition ? 'regexNestedRepeated' : 'regexNestedContains',
    params: { quantifier: symbolOf(q), inner: inner.repetition.raw },
  };
};

/**
 * A character two repetitions share, as a parameter of their refusal: quoted or U+XXXX, in no
 * language (a space too); none when it cannot be named (the `…SameChar` codes say so).
 */
const sharedParams = (shared: Exclude<ReturnType<typeof sharedChar>, null>): Record<string, string> =>
  shared === 'unknown' ? {} : { char: shared === 0x20 ? "' '" : describeChar(shared) };

const alternationProblem = (q: AST.Quantifier, ctx: Context): Problem | null => {
  const body = unwrap(q.element);
  if ((body.type !== 'Group' && body.type !== 'CapturingGroup') || body.alternatives.length < 2) return null;
  let seen = EMPTY;
  for (const [k, branch] of body.alternatives.entries()) {
    const first = analyse(branch, ctx).first;
    if (sharedChar(seen, first, ctx) !== null) {
      // Found against the union; name the earlier branch it collides with (done once, on refusal).
      for (const earlier of body.alternatives.slice(0, k)) {
        const shared = sharedChar(analyse(earlier, ctx).first, first, ctx);
        if (shared === null) continue;
        return {
          code: shared === 'unknown' ? 'regexBranchesSameChar' : 'regexBranches',
          params: {
            quantifier: symbolOf(q),
            first: earlier.raw,
            second: branch.raw,
            ...sharedParams(shared),
          },
        };
      }
    }
    seen = union(seen, first);
  }
  return null;
};

// Only repetitions that touch are compared, so `\d+\s+\d+` passes, and so does `\s*[:#]?\s*`, which
// configurators write everywhere although it turns polynomial on a long blank run.
const adjacentProblem = (before: Summary, after: Summary, ctx: Context): Problem | null => {
  if (before.tails.length === 0 || after.heads.length === 0) return null;
  const setOf = (q: AST.Quantifier) => analyse(q.element, ctx).first;
  const heads = after.heads.reduce((acc, head) => union(acc, setOf(head)), EMPTY);
  const tail = before.tails.find((t) => sharedChar(setOf(t), heads, ctx) !== null);
  if (!tail) return null;
  // Found against the union; name the repetition it collides with (done once, on refusal).
  for (const head of after.heads) {
    const shared = sharedChar(setOf(tail), setOf(head), ctx);
    if (shared === null) continue;
    return {
      code: shared === 'unknown' ? 'regexAdjacentSameChar' : 'regexAdjacent',
      params: { first: tail.raw, second: head.raw, ...sharedParams(shared) },
    };
  }
  return null;
};

const sequence = (alternative: AST.Alternative, ctx: Context): Summary => {
  let [minLength, first, open] = [0, EMPTY, true];
  let repetition: AST.Quantifier | null = null;
  const parts = alternative.elements.map((element) => analyse(element, ctx));
  parts.forEach((s, k) => {
    if (open) first = union(first, s.first);
    open &&= s.minLength === 0;
    minLength += s.minLength;
    repetition ??= s.repetition;
    if (k > 0) ctx.problem ??= adjacentProblem(parts[k - 1], s, ctx);
  });
  const [head, tail] = [parts[0], parts[parts.length - 1]];
  return { minLength, first, repetition, heads: head?.heads ?? [], tails: tail?.tails ?? [] };
};

const choice = (alternatives: AST.Alternative[], ctx: Context): Summary => {
  const branches = alternatives.map((a) => analyse(a, ctx));
  return {
    minLength: Math.min(...branches.map((b) => b.minLength)),
    first: branches.reduce((acc, b) => union(acc, b.first), EMPTY),
    repetition: branches.find((b) => b.repetition)?.repetition ?? null,
    heads: branches.flatMap((b) => b.heads),
    tails: branches.flatMap((b) => b.tails),
  };
};

// `\d+`, `(?:\d)+` and `(?:\d?)*` all eat a run of digits one at a time.
const repeatsOneCharacter = (q: AST.Quantifier): boolean => {
  const body = unwrap(q.element);
  return isAtom(body) || (body.type === 'Quantifier' && body.max <= 1 && isAtom(body.element));
};

const quantifier = (q: AST.Quantifier, ctx: Context): Summary => {
  const inner = analyse(q.element, ctx);
  if (q.max > 1) ctx.problem ??= nestedProblem(q, inner, ctx) ?? alternationProblem(q, ctx);
  return {
    minLength: q.min * inner.minLength,
    first: q.max === 0 ? EMPTY : inner.first,
    repetition: q.max > 1 && q.min < q.max ? q : inner.repetition,
    ...(q.max === Infinity && repeatsOneCharacter(q)
      ? { heads: [q], tails: [q] }
      : { heads: q.max === 0 ? [] : inner.heads, tails: q.max === 0 ? [] : inner.tails }),
  };
};

const summarise = (node: AST.Node, ctx: Context): Summary => {
  switch (node.type) {
    case 'Alternative':
      return sequence(node, ctx);
    case 'Pattern':
    case 'Group':
    case 'CapturingGroup':
      return choice(node.alternatives, ctx);
    case 'Quantifier':
      return quantifier(node, ctx);
    case 'Assertion':
      // Lookarounds never backtrack into themselves once matched: their inside is checked on its own.
      if (node.kind === 'lookahead' || node.kind === 'lookbehind') choice(node.alternatives, ctx);
      return { minLength: 0, first: EMPTY, ...NOTHING_REPEATED };
    case 'Backreference':
      return { minLength: 0, first: ANY, ...NOTHING_REPEATED };
    default:
      return { minLength: 1, first: isAtom(node) ? atomSet(node, ctx) : ANY, ...NOTHING_REPEATED };
  }
};

// Memoised so that the checks can look at a node's summary again without walking it twice: the whole
// analysis stays one pass over the pattern.
/** A node's summary, memoised; the first problem found is left in `ctx.problem`. */
export const analyse = (node: AST.Node, ctx: Context): Summary => {
  const known = ctx.summaries.get(node);
  if (known) return known;
  const summary = summarise(node, ctx);
  ctx.summaries.set(node, summary);
  return summary;
};
