import { RegExpParser, type AST } from '@eslint-community/regexpp';

/**
 * Literal prefiltering (what Hyperscan and Rspamd do before running expressions): most archetype
 * expressions hold a piece of fixed text every match contains — `@` in an e-mail address,
 * `invoice` or `bill` in a reference — and a text holding none of them cannot match, so the
 * expression is not run on it. A substring search costs far less than a regular-expression scan.
 *
 * Only ASCII literals make a gate: with `i` (and no `u`), JavaScript matches an ASCII character
 * exactly by its ASCII case variants, so searching the lower-cased literal in the lower-cased text
 * never misses a match. With `i` and `u` together (Unicode case folding) no gate is made.
 */
export type RegexGate = {
  literals: string[];
  lowerCase: boolean;
  /**
   * Literals one of which every match starts with (after `\b` or `^`), when the expression says
   * so: the text is then searched for them and the expression tried only where one stands.
   */
  prefixes: string[] | null;
  /**
   * Every match starts at a word boundary (`\b`) with one of the prefixes, all letters and digits:
   * in an ASCII text, a match then starts where a word does, and the words tell where to try.
   */
  wordPrefixes: boolean;
} | null;

const ASCII_PRINTABLE = (code: number) => code >= 0x20 && code < 0x7f;

/** Candidate literal sets of a sequence: one of each set's strings is in every match. */
const candidates = (elements: AST.Element[], lower: boolean): string[][] => {
  const found: string[][] = [];
  let run = '';
  const flush = () => {
    if (run) found.push([run]);
    run = '';
  };
  for (const e of elements) {
    if (e.type === 'Character' && ASCII_PRINTABLE(e.value)) {
      const c = String.fromCharCode(e.value);
      run += lower ? c.toLowerCase() : c;
      continue;
    }
    flush();
    if (e.type === 'Assertion' && (e.kind === 'word' || e.kind === 'start' || e.kind === 'end')) continue;
    const element = e.type === 'Quantifier' ? (e.min >= 1 ? e.element : null) : e;
    if (element?.type === 'Character' && ASCII_PRINTABLE(element.value)) {
      const c = String.fromCharCode(element.value);
      found.push([lower ? c.toLowerCase() : c]);
    } else if (element?.type === 'Group' || element?.type === 'CapturingGroup') {
      const options = element.alternatives.map((a) => best(candidates(a.elements, lower)));
      if (options.every((o) => o !== null)) found.push([...new Set(options.flat() as string[])]);
    }
  }
  flush();
  return found;
};

/** The literals every match of a sequence starts with, or null when it can start otherwise. */
const leading = (elements: AST.Element[], lower: boolean): string[] | null => {
  let k = 0;
  while (elements[k]?.type === 'Assertion' && ['word', 'start'].includes((elements[k] as AST.Assertion).kind))
    k++;
  let run = '';
  for (; elements[k]?.type === 'Character' && ASCII_PRINTABLE((elements[k] as AST.Character).value); k++) {
    const c = String.fromCharCode((elements[k] as AST.Character).value);
    run += lower ? c.toLowerCase() : c;
  }
  if (run) return [run];
  const first = elements[k];
  if (first?.type !== 'Group' && first?.type !== 'CapturingGroup') return null;
  const options = first.alternatives.map((a) => leading(a.elements, lower));
  return options.every((o) => o !== null) ? [...new Set(options.flat() as string[])] : null;
};

/** Whether every match of a sequence starts with `\b` (directly, or in each alternative of a first group). */
const startsAtWord = (elements: AST.Element[]): boolean => {
  const first = elements[0];
  if (first?.type === 'Assertion') return first.kind === 'word' && !first.negate;
  if (first?.type === 'Group' || first?.type === 'CapturingGroup')
    return first.alternatives.every((a) => startsAtWord(a.elements));
  return false;
};

/** The most selective set: the one whose shortest literal is longest. */
const best = (sets: string[][]): string[] | null => {
  let chosen: string[] | null = null;
  let score = 0;
  for (const set of sets) {
    const shortest = Math.min(...set.map((l) => l.length));
    if (shortest > score) {
      chosen = set;
      score = shortest;
    }
  }
  return chosen;
};

/**
 * The gate of an expression already accepted by regexProblem.
 *
 * @example
 *   regexGate('\\b(?:invoice|bill)\\s*#\\d+', 'i'); // { literals: ['invoice', 'bill'], lowerCase: true }
 */
export const regexGate = (source: string, flags: string): RegexGate => {
  const lowerCase = flags.includes('i');
  if (lowerCase && flags.includes('u')) return null;
  try {
    const pattern = new RegExpParser({ ecmaVersion: 2025 }).parsePattern(source, 0, source.length, {
      unicode: flags.includes('u'),
    });
    const options = pattern.alternatives.map((a) => best(candidates(a.elements, lowerCase)));
    if (options.some((o) => o === null)) return null;
    const starts = pattern.alternatives.map((a) => leading(a.elements, lowerCase));
    const prefixes = starts.every((o) => o !== null) ? [...new Set(starts.flat() as string[])] : null;
    const wordPrefixes =
      prefixes !== null &&
      prefixes.every((p) => /^[A-Za-z0-9]+$/.test(p)) &&
      pattern.alternatives.every((a) => startsAtWord(a.elements));
    return { literals: [...new Set(options.flat() as string[])], lowerCase, prefixes, wordPrefixes };
  } catch {
    return null;
  }
};

/** Whether a text may hold a match. `lowerText` gives the lower-cased text, made once per text. */
export const passesGate = (gate: RegexGate, text: string, lowerText: () => string): boolean => {
  if (!gate) return true;
  const haystack = gate.lowerCase ? lowerText() : text;
  return gate.literals.some((literal) => haystack.includes(literal));
};

/**
 * Tries a sticky expression at candidate starts (ascending, repeats allowed), keeping what a global
 * scan would: the leftmost match first, none overlapping the one before.
 */
export const tryAt = (
  sticky: RegExp,
  text: string,
  starts: readonly number[],
  onMatch: (start: number, length: number) => void,
) => {
  let from = 0;
  let tried = -1;
  for (const start of starts) {
    if (start < from || start === tried) continue;
    tried = start;
    sticky.lastIndex = start;
    const m = sticky.exec(text);
    if (m && m[0].length > 0) {
      onMatch(start, m[0].length);
      from = start + m[0].length;
    }
  }
};

/**
 * Every match of a compiled expression in a text (as a global scan finds them: leftmost first, no
 * overlap). With prefixes, the expression is tried, sticky, only where a prefix stands; a global
 * scan tries every position. The lower-cased text serves when its offsets are the text's.
 *
 * @example
 *   scanMatches({ regex: /inv\d+/g, sticky: /inv\d+/y, gate }, 'see inv42', () => 'see inv42', (start, length) => …);
 */
export const scanMatches = (
  r: { regex: RegExp; sticky: RegExp; gate: RegexGate },
  text: string,
  lowerText: () => string,
  onMatch: (start: number, length: number) => void,
) => {
  const gate = r.gate;
  const haystack = gate?.lowerCase ? lowerText() : text;
  // Searching the prefixes is the gate too: where none stands, nothing can match.
  if (gate?.prefixes && haystack.length === text.length) {
    const starts: number[] = [];
    for (const prefix of gate.prefixes)
      for (let i = haystack.indexOf(prefix); i >= 0; i = haystack.indexOf(prefix, i + 1)) starts.push(i);
    starts.sort((a, b) => a - b);
    tryAt(r.sticky, text, starts, onMatch);
    return;
  }
  if (!passesGate(gate, text, lowerText)) return;
  const re = r.regex;
  re.lastIndex = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m[0].length === 0) re.lastIndex++;
    else onMatch(m.index, m[0].length);
  }
};
