/**
 * Tokens for matching (DESIGN.md §6): words and numbers, each normalised (Unicode NFKC, case
 * folded, diacritics removed) and keeping its offsets in the original text, so every match points
 * back at the words the user wrote.
 *
 * Words are cut by a Unicode regular expression: runs of letters, marks and digits. Apostrophes and
 * hyphens separate words ("l'assurance" → "l", "assurance"), which is what French needs and what
 * terms get too, since terms are cut the same way. Scripts written without spaces (Chinese,
 * Japanese, Thai…) go through `Intl.Segmenter`, which knows their dictionaries; it costs about 80×
 * the regular expression, so it is kept for the texts that need it (docs/decisions/nlu-tokenisation.md).
 */

import { lowerCode, mix, SEED } from './word-table';

export interface Tokens {
  /** The normalised form of each token. */
  norm: string[];
  /** The raw text of each token, as written. */
  raw: string[];
  start: ArrayLike<number>;
  end: ArrayLike<number>;
  /** The text is printable ASCII: normal forms are its lower case, words start where `\b` says. */
  ascii: boolean;
}

const WORD = /[\p{L}\p{N}\p{M}]+/gu;
const UNSPACED_SCRIPT =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const MARKS = /\p{M}/gu;
/** Printable ASCII and line breaks: texts needing no Unicode normalisation (others take the general path). */
const ASCII = /^[\t\n\r -~]*$/;

let segmenter: Intl.Segmenter | undefined;

/** The matching form of a word: NFKC, lower case, no diacritics ("Élève" → "eleve"). */
export const normalise = (word: string): string =>
  ASCII.test(word)
    ? word.toLowerCase()
    : word.normalize('NFKC').toLowerCase().normalize('NFD').replace(MARKS, '').normalize('NFC');

/**
 * Cuts a text into tokens. `normaliseWord` lets a caller cache normal forms (an NLU server keeps
 * one cache for every text it reads).
 *
 * @example
 *   tokenise("L'été à Paris").norm; // ['l', 'ete', 'a', 'paris']
 */
export const tokenise = (text: string, normaliseWord: (raw: string) => string = normalise): Tokens => {
  if (normaliseWord === normalise) {
    const ascii = asciiTokens(text);
    if (ascii) return ascii;
  }
  const tokens: ListTokens = { norm: [], raw: [], start: [], end: [], ascii: false };
  if (UNSPACED_SCRIPT.test(text)) {
    segmenter ??= new Intl.Segmenter(undefined, { granularity: 'word' });
    for (let from = 0; from < text.length;) {
      const to = pieceEnd(text, from);
      for (const s of segmenter.segment(text.slice(from, to)))
        if (s.isWordLike) push(tokens, s.segment, from + s.index, normaliseWord);
      from = to;
    }
    return tokens;
  }
  WORD.lastIndex = 0;
  tokens.ascii = ASCII.test(text);
  for (let m = WORD.exec(text); m; m = WORD.exec(text)) push(tokens, m[0], m.index, normaliseWord);
  return tokens;
};

/**
 * The longest piece of a text the segmenter is given at once: its cost grows with the square of
 * the length of the string it segments (16,000 characters of Chinese take ten times as long as
 * 4,000; a megabyte, minutes), whatever the text's punctuation.
 */
export const SEGMENT_PIECE = 1_000;
/** Where no piece ends past its first half, the piece is cut at its full length (see `pieceEnd`). */
const SEGMENT_PIECE_MIN = SEGMENT_PIECE / 2;
const WHITE_SPACE = /\s/;
/** What a word never starts with, joining the character before it: marks, format controls (ZWJ). */
const JOINS_BEFORE = /[\p{M}\p{Cf}]/u;
/** Full stops, exclamation and question marks, the ideographic comma: no word rule joins across them. */
const ENDS_SENTENCE = new Set([0x3002, 0xff01, 0xff1f, 0x3001, 0x21, 0x3f]);

/**
 * The end of the piece of `text` starting at `from` that the segmenter reads alone: the last place
 * in its second half where every segmentation breaks whatever surrounds it — before a white space
 * not preceded by one (UAX #29 WB3a–WB3d), after a sentence's final mark or an ideographic comma
 * not followed by a joining character — so the pieces' words are the whole text's. Only a run of
 * SEGMENT_PIECE characters without space or punctuation, which no language writes, is cut in the
 * middle (never inside a surrogate pair).
 */
const pieceEnd = (text: string, from: number): number => {
  const limit = from + SEGMENT_PIECE;
  if (limit >= text.length) return text.length;
  for (let at = limit; at > from + SEGMENT_PIECE_MIN; at--) {
    if (WHITE_SPACE.test(text[at]) && !WHITE_SPACE.test(text[at - 1])) return at;
    if (ENDS_SENTENCE.has(text.charCodeAt(at - 1)) && !JOINS_BEFORE.test(text[at])) return at;
  }
  const c = text.charCodeAt(limit);
  return c >= 0xdc00 && c <= 0xdfff ? limit + 1 : limit;
};

/** Tokens cut by the general path, into plain arrays. */
type ListTokens = Tokens & { start: number[]; end: number[] };

const push = (tokens: ListTokens, raw: string, start: number, normaliseWord: (raw: string) => string) => {
  tokens.raw.push(raw);
  tokens.norm.push(normaliseWord(raw));
  tokens.start.push(start);
  tokens.end.push(start + raw.length);
};

/** In printable ASCII, the characters of `WORD`: letters and digits (no ASCII character is a mark). */
const isWordCode = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57);
/** The characters `ASCII` accepts: tab, line feed, carriage return, space to tilde. */
const isAsciiCode = (c: number) => (c >= 32 && c <= 126) || c === 9 || c === 10 || c === 13;

/**
 * Tokens of a printable-ASCII text: normal forms are the lower case of the words, which are runs of
 * [A-Za-z0-9]. Neither the words nor their normal forms are cut unless read: the matcher reads
 * words through their offsets and the hashes of their normal forms (word-table.ts), made while
 * cutting them.
 */
export class AsciiTokens implements Tokens {
  ascii = true;
  private written?: string[];
  private lowered?: string[];

  constructor(
    readonly text: string,
    readonly start: number[],
    readonly end: number[],
    /** `hashSpan` of each token. */
    readonly hashes: number[],
  ) {}

  get raw(): string[] {
    return (this.written ??= Array.from(this.start, (s, k) => this.text.slice(s, this.end[k])));
  }

  get norm(): string[] {
    if (!this.lowered) {
      const lower = this.text.toLowerCase();
      this.lowered = Array.from(this.start, (s, k) => lower.slice(s, this.end[k]));
    }
    return this.lowered;
  }
}

/**
 * What each code below 128 is to `asciiTokens`: a word character's lower case (always above 1), a
 * separator the ASCII path accepts, or a character that sends the text down the general path.
 */
const NOT_ASCII = 0;
const SEPARATOR = 1;
const ASCII_KIND = Uint8Array.from({ length: 128 }, (_, c) =>
  isWordCode(c) ? lowerCode(c) : isAsciiCode(c) ? SEPARATOR : NOT_ASCII,
);

/**
 * Where `asciiTokens` writes a text's offsets and hashes before copying them out at their exact
 * length: one set of arrays for every text, longer when a text has more words than any before.
 * Plain arrays, not typed ones: a typed array of a text's size lives outside the heap, and making
 * and freeing one costs about a microsecond, several times a plain array's copy.
 */
const scratch = { start: [] as number[], end: [] as number[], hashes: [] as number[] };

/**
 * Most mail is printable ASCII: there, words are runs of [A-Za-z0-9] and normal forms are lower
 * case, so one pass over the character codes cuts exactly what `WORD` cuts, and hashes each
 * word's normal form on the way, without a regular expression or a normalisation per word. Null
 * as soon as a character is not printable ASCII: the general path then reads the text.
 */
const asciiTokens = (text: string): AsciiTokens | null => {
  let count = 0;
  let from = -1;
  let hash = SEED;
  const length = text.length;
  for (let i = 0; i <= length; i++) {
    const c = i < length ? text.charCodeAt(i) : 32;
    const kind = c < 128 ? ASCII_KIND[c] : NOT_ASCII;
    if (kind > SEPARATOR) {
      if (from < 0) {
        from = i;
        hash = SEED;
      }
      hash = mix(hash, kind);
      continue;
    }
    if (kind === NOT_ASCII) return null;
    if (from < 0) continue;
    scratch.start[count] = from;
    scratch.end[count] = i;
    scratch.hashes[count] = hash;
    count++;
    from = -1;
  }
  const { start, end, hashes } = scratch;
  return new AsciiTokens(text, start.slice(0, count), end.slice(0, count), hashes.slice(0, count));
};

/**
 * The tokens covering characters [start, end): the first token ending after `start` to the last
 * token starting before `end`. A span between two words covers none (`first === last`).
 */
export const tokenRange = (tokens: Tokens, start: number, end: number): { first: number; last: number } => {
  const first = lowerBound(tokens.end, start + 1);
  let last = first;
  while (last < tokens.start.length && tokens.start[last] < end) last++;
  return { first, last };
};

/** The first index whose value is ≥ `value` in an ascending array. */
const lowerBound = (values: ArrayLike<number>, value: number): number => {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
};

/**
 * The normal form of a value compared by functions and rules: its words' normal forms, one space
 * between ("Box  Internet" = "box internet", "Élève" = "eleve").
 */
export const normaliseValue = (value: string): string => tokenise(value).norm.join(' ');
