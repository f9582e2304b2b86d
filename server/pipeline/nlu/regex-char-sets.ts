// The character sets regex-backtracking.ts compares: what a character, class or escape can match,
// widened under `i`, and whether two such sets can share a character. Kept apart so that
// regex-backtracking.ts reads as the rules about an expression's shape, and this as the Unicode
// detail those rules lean on.
import type { AST } from '@eslint-community/regexpp';

// Matching a property escape against this many code points is cheap; past it an overlap is assumed.
const PROPERTY_SAMPLE = 512;
// Case variants are listed one by one for non-ASCII spans up to this long.
const MAX_CASE_SPAN = 512;
const MAX_CODE_POINT = 0x10ffff;

type Range = readonly [number, number];
interface Property {
  readonly key: string;
  readonly value: string | null;
  readonly negate: boolean;
  readonly raw: string;
}
// Sorted disjoint ranges plus Unicode property escapes, kept opaque because their exact sets would
// cost a scan of all of Unicode on every save.
export interface CharSet {
  readonly ranges: readonly Range[];
  readonly properties: readonly Property[];
}
// The flags that change what a set holds; regex-backtracking.ts passes its analysis context as it is.
interface Flags {
  readonly ignoreCase: boolean;
  readonly dotAll: boolean;
}
// The nodes that match exactly one character.
export type Atom = AST.Character | AST.CharacterClass | AST.CharacterSet | AST.ExpressionCharacterClass;

export const EMPTY: CharSet = { ranges: [], properties: [] };
export const ANY: CharSet = { ranges: [[0, MAX_CODE_POINT]], properties: [] };
const DIGIT: Range[] = [[0x30, 0x39]];
const WORD: Range[] = [
  [0x30, 0x39],
  [0x41, 0x5a],
  [0x5f, 0x5f],
  [0x61, 0x7a],
];
const SPACE: Range[] = [
  [0x09, 0x0d], [0x20, 0x20], [0xa0, 0xa0], [0x1680, 0x1680], [0x2000, 0x200a], [0x2028, 0x2029],
  [0x202f, 0x202f], [0x205f, 0x205f], [0x3000, 0x3000], [0xfeff, 0xfeff],
]; // prettier-ignore
const LINE_TERMINATORS: Range[] = [
  [0x0a, 0x0a],
  [0x0d, 0x0d],
  [0x2028, 0x2029],
];
// Long General_Category names and aliases; short names (L, Lu, …) are used as they are.
const CATEGORY_SHORT: Record<string, string> = {
  Letter: 'L', Cased_Letter: 'LC', Uppercase_Letter: 'Lu', Lowercase_Letter: 'Ll', Titlecase_Letter: 'Lt',
  Modifier_Letter: 'Lm', Other_Letter: 'Lo', Mark: 'M', Combining_Mark: 'M', Nonspacing_Mark: 'Mn',
  Spacing_Mark: 'Mc', Enclosing_Mark: 'Me', Number: 'N', Decimal_Number: 'Nd', digit: 'Nd',
  Letter_Number: 'Nl', Other_Number: 'No', Punctuation: 'P', punct: 'P', Connector_Punctuation: 'Pc',
  Dash_Punctuation: 'Pd', Open_Punctuation: 'Ps', Close_Punctuation: 'Pe', Initial_Punctuation: 'Pi',
  Final_Punctuation: 'Pf', Other_Punctuation: 'Po', Symbol: 'S', Math_Symbol: 'Sm', Currency_Symbol: 'Sc',
  Modifier_Symbol: 'Sk', Other_Symbol: 'So', Separator: 'Z', Space_Separator: 'Zs', Line_Separator: 'Zl',
  Paragraph_Separator: 'Zp', Other: 'C', Control: 'Cc', cntrl: 'Cc', Format: 'Cf', Surrogate: 'Cs',
  Private_Use: 'Co', Unassigned: 'Cn',
}; // prettier-ignore
const ASCII_CASE_SHIFTS = [
  [0x41, 0x5a, 32],
  [0x61, 0x7a, -32],
] as const;
const CASED_CATEGORIES = new Set(['Lu', 'Ll', 'Lt', 'LC']);
const propertyTests = new Map<string, RegExp>();

const normalise = (ranges: readonly Range[]): Range[] => {
  const merged: [number, number][] = [];
  for (const [lo, hi] of [...ranges].sort((a, b) => a[0] - b[0])) {
    const last = merged[merged.length - 1];
    if (last && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else merged.push([lo, hi]);
  }
  return merged;
};

const complement = (ranges: readonly Range[]): Range[] => {
  const gaps: Range[] = [];
  let next = 0;
  for (const [lo, hi] of normalise(ranges)) {
    if (lo > next) gaps.push([next, lo - 1]);
    next = hi + 1;
  }
  return next <= MAX_CODE_POINT ? [...gaps, [next, MAX_CODE_POINT]] : gaps;
};

export const union = (a: CharSet, b: CharSet): CharSet =>
  b === EMPTY
    ? a
    : { ranges: normalise([...a.ranges, ...b.ranges]), properties: [...a.properties, ...b.properties] };

const rangeSet = (ranges: readonly Range[]): CharSet => ({ ranges: normalise(ranges), properties: [] });

// Adds the other case of every character; long non-ASCII spans are left as they are, they already
// cover most of what their case variants would add.
const closeCase = (ranges: readonly Range[], ctx: Flags): Range[] => {
  if (!ctx.ignoreCase) return normalise(ranges);
  const closed: Range[] = [...ranges];
  const covers = (lo: number, hi: number, ...chars: string[]) =>
    chars.some((c) => lo <= c.charCodeAt(0) && c.charCodeAt(0) <= hi);
  for (const [lo, hi] of ranges) {
    for (const [from, to, shift] of ASCII_CASE_SHIFTS) {
      const [a, b] = [Math.max(lo, from), Math.min(hi, to)];
      if (a <= b) closed.push([a + shift, b + shift]);
    }
    if (covers(lo, hi, 'k', 'K')) closed.push([0x212a, 0x212a]); // KELVIN SIGN folds to k under `iu`
    if (covers(lo, hi, 's', 'S')) closed.push([0x17f, 0x17f]); // LATIN SMALL LETTER LONG S folds to s
    const from = Math.max(lo, 0x80);
    if (from > hi || hi - from >= MAX_CASE_SPAN) continue;
    for (let cp = from; cp <= hi; cp++) {
      const char = String.fromCodePoint(cp);
      for (const variant of [char.toLowerCase(), char.toUpperCase()]) {
        const v = variant.codePointAt(0) ?? cp;
        if (variant.length === String.fromCodePoint(v).length) closed.push([v, v]);
      }
    }
  }
  return normalise(closed);
};

export const atomSet = (node: Atom | AST.CharacterClassElement, ctx: Flags): CharSet => {
  switch (node.type) {
    case 'Character':
      return rangeSet(closeCase([[node.value, node.value]], ctx));
    case 'CharacterClassRange':
      return rangeSet(closeCase([[node.min.value, node.max.value]], ctx));
    case 'CharacterSet': {
      if (node.kind === 'any') return ctx.dotAll ? ANY : rangeSet(complement(LINE_TERMINATORS));
      if (node.kind === 'property') {
        return {
          ranges: [],
          properties: [{ key: node.key, value: node.value, negate: node.negate, raw: node.raw }],
        };
      }
      const base = node.kind === 'digit' ? DIGIT : node.kind === 'space' ? SPACE : closeCase(WORD, ctx);
      return rangeSet(node.negate ? complement(base) : base);
    }
    case 'CharacterClass': {
      const inside = (node.elements as AST.CharacterClassElement[]).reduce(
        (acc, e) => union(acc, atomSet(e, ctx)),
        EMPTY,
      );
      if (!node.negate) return inside;
      // The complement of an opaque property is unknown: assume the worst.
      return inside.properties.length > 0 ? ANY : rangeSet(complement(inside.ranges));
    }
    default:
      // Set operations and string disjunctions need the `v` flag, which is refused: assume the worst.
      return ANY;
  }
};

const propertyTest = (property: Property, ctx: Flags): RegExp => {
  const flags = ctx.ignoreCase ? 'iu' : 'u';
  const cached = propertyTests.get(property.raw + flags) ?? new RegExp(`^${property.raw}$`, flags);
  propertyTests.set(property.raw + flags, cached);
  return cached;
};

// A shared code point, 'unknown' when only the property approximation says there may be one, null if disjoint.
type Shared = number | 'unknown' | null;

const sharedInRanges = (a: readonly Range[], b: readonly Range[]): number | null => {
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    const lo = Math.max(a[i][0], b[j][0]);
    if (lo <= Math.min(a[i][1], b[j][1])) return lo;
    if (a[i][1] < b[j][1]) i++;
    else j++;
  }
  return null;
};

const sharedWithProperty = (property: Property, ranges: readonly Range[], ctx: Flags): Shared => {
  const test = propertyTest(property, ctx);
  let sampled = 0;
  for (const [lo, hi] of ranges) {
    for (let cp = lo; cp <= hi; cp++, sampled++) {
      if (sampled >= PROPERTY_SAMPLE) return 'unknown';
      if (test.test(String.fromCodePoint(cp))) return cp;
    }
  }
  return null;
};

const category = (p: Property): string | null =>
  (p.key === 'General_Category' || p.key === 'gc') && p.value ? (CATEGORY_SHORT[p.value] ?? p.value) : null;

const propertiesDisjoint = (p: Property, q: Property, ctx: Flags): boolean => {
  const [a, b] = [category(p), category(q)];
  if ((a ?? `${p.key}=${p.value}`) === (b ?? `${q.key}=${q.value}`)) return p.negate !== q.negate;
  if (p.negate || q.negate || !a || !b) return false;
  if (a[0] !== b[0]) return true;
  if (a.length === 1 || b.length === 1) return false;
  const cased = CASED_CATEGORIES.has(a) && CASED_CATEGORIES.has(b);
  return !(cased && (ctx.ignoreCase || a === 'LC' || b === 'LC'));
};

export const sharedChar = (a: CharSet, b: CharSet, ctx: Flags): Shared => {
  const direct = sharedInRanges(a.ranges, b.ranges);
  if (direct !== null) return direct;
  for (const [sets, others] of [
    [a, b],
    [b, a],
  ]) {
    for (const p of sets.properties) {
      const shared = sharedWithProperty(p, others.ranges, ctx);
      if (shared !== null) return shared;
    }
  }
  const overlapping = a.properties.some((p) => b.properties.some((q) => !propertiesDisjoint(p, q, ctx)));
  return overlapping ? 'unknown' : null;
};

export const describeChar = (shared: Exclude<Shared, null>): string => {
  if (shared === 'unknown') return 'the same character';
  if (shared === 0x20) return 'a space';
  const char = String.fromCodePoint(shared);
  if (/^[\p{L}\p{N}\p{P}\p{S}]$/u.test(char)) return `'${char}'`;
  return `U+${shared.toString(16).toUpperCase().padStart(4, '0')}`;
};
