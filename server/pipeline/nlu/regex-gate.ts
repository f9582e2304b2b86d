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
export type RegexGate = { literals: string[]; lowerCase: boolean } | null;

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
    return { literals: [...new Set(options.flat() as string[])], lowerCase };
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
