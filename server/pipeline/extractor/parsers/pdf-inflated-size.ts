// What a PDF's streams inflate to, counted before pdf.js reads the file: Flate streams (chained
// filters followed) and LZW streams, refused past PDF_LIMITS.
import { Unzlib } from 'fflate';
import { ParseError, parseFailure } from '../types';
import { traceMessage } from '../../../../schemas/trace-messages';
import { DEFAULT_ZIP_LIMITS } from './zip';

/**
 * What a PDF's streams may inflate to, checked before pdf.js reads them: pdf.js decodes a content
 * stream whole into memory, so a 1 MB file whose stream inflates to 1 GiB would take gigabytes and
 * tens of seconds. The bounds of ZIP containers (zip.ts): 100 MB a stream, 300 MB in all.
 */
export const PDF_LIMITS = {
  maxStreamBytes: DEFAULT_ZIP_LIMITS.maxEntryBytes,
  maxTotalBytes: DEFAULT_ZIP_LIMITS.maxTotalBytes,
};

/** Compressed bytes inflated at once: deflate expands at most ~1032×, so one step stays bounded. */
const STEP = 1024;
/** Filters applied to a stream one after the other (`/Filter [/FlateDecode /FlateDecode]`) followed. */
const MAX_NESTED_FLATE = 3;
/** How far before `stream` its dictionary is looked for (to tell an image apart). */
const DICTIONARY_WINDOW = 1024;

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  Buffer.from(bytes.buffer, bytes.byteOffset + Math.max(0, from), to - Math.max(0, from)).toString('latin1');

/** Whether two bytes open a zlib stream (deflate, RFC 1950), as a FlateDecode stream does. */
const zlibHeader = (a: number, b: number) => (a & 0x0f) === 8 && a >> 4 <= 7 && ((a << 8) | b) % 31 === 0;

/** The next occurrence of an ASCII keyword in `bytes` at or after `from`, -1 when none. */
const indexOf = (bytes: Uint8Array, keyword: string, from: number): number => {
  const first = keyword.charCodeAt(0);
  for (let at = bytes.indexOf(first, from); at >= 0; at = bytes.indexOf(first, at + 1)) {
    let k = 1;
    while (k < keyword.length && bytes[at + k] === keyword.charCodeAt(k)) k++;
    if (k === keyword.length) return at;
  }
  return -1;
};

/** Counts what the zlib data fed to it inflates to, feeding it on to a nested inflater when it is zlib data itself. */
class InflatedSize {
  private readonly inflater: Unzlib;
  private nested: InflatedSize | null | undefined;
  private head: number[] = [];
  size = 0;

  constructor(
    private readonly budget: { total: number },
    private readonly depth: number,
  ) {
    this.inflater = new Unzlib((chunk) => this.count(chunk));
  }

  /** Feeds zlib data in steps of STEP bytes, so that no step inflates more than about a megabyte. */
  push(chunk: Uint8Array, final: boolean) {
    for (let from = 0; from < chunk.length; from += STEP)
      this.inflater.push(chunk.subarray(from, from + STEP), final && from + STEP >= chunk.length);
  }

  private count(chunk: Uint8Array) {
    this.size += chunk.length;
    this.budget.total += chunk.length;
    const refusal = tooLarge(this.size, this.budget.total);
    if (refusal) throw refusal;
    if (this.nested === undefined && this.depth < MAX_NESTED_FLATE) {
      for (let k = 0; k < chunk.length && this.head.length < 2; k++) this.head.push(chunk[k]);
      if (this.head.length === 2)
        this.nested = zlibHeader(this.head[0], this.head[1])
          ? new InflatedSize(this.budget, this.depth + 1)
          : null;
    }
    // Data that only looked like zlib fails to inflate: then it is not followed further.
    if (this.nested)
      try {
        this.nested.push(chunk, false);
      } catch (error) {
        if (error instanceof ParseError) throw error;
        this.nested = null;
      }
  }
}

/** The ParseError of a stream or a file past `PDF_LIMITS`. */
const tooLarge = (stream: number, total: number): ParseError | null => {
  if (stream <= PDF_LIMITS.maxStreamBytes && total <= PDF_LIMITS.maxTotalBytes) return null;
  const bound = stream > PDF_LIMITS.maxStreamBytes ? PDF_LIMITS.maxStreamBytes : PDF_LIMITS.maxTotalBytes;
  return parseFailure(
    'PDF_TOO_LARGE_UNCOMPRESSED',
    traceMessage('parsePdfTooLarge', { megabytes: Math.round(bound / 1024 / 1024) }),
  );
};

/**
 * What LZW data (`/LZWDecode`) decodes to, in bytes, counted as pdf.js decodes it (a dictionary of
 * 4,096 codes of 9 to 12 bits, `earlyChange` as /DecodeParms says) but from the lengths of the
 * dictionary's strings only: a code may stand for 4,096 bytes, so 1 MB can decode to 2.7 GB.
 */
const lzwSize = (data: Uint8Array, earlyChange: number, budget: { total: number }): void => {
  const lengths = new Uint16Array(4096);
  lengths.fill(1, 0, 256);
  let nextCode = 258;
  let codeLength = 9;
  let prevCode = 0;
  let current = 0;
  let size = 0;
  let cached = 0;
  let bits = 0;
  for (let at = 0; ;) {
    while (bits < codeLength && at < data.length) {
      cached = ((cached << 8) | data[at++]) & 0xffffff;
      bits += 8;
    }
    if (bits < codeLength) return;
    bits -= codeLength;
    const code = (cached >>> bits) & ((1 << codeLength) - 1);
    const hasPrev = current > 0;
    if (code < 256) current = 1;
    else if (code >= 258) current = code < nextCode ? lengths[code] : current + 1;
    else if (code === 256) {
      codeLength = 9;
      nextCode = 258;
      current = 0;
      continue;
    } else return;
    if (hasPrev) {
      if (nextCode < 4096) lengths[nextCode] = lengths[prevCode] + 1;
      nextCode++;
      const n = nextCode + earlyChange;
      codeLength = n & (n - 1) ? codeLength : Math.min(Math.log2(n) + 1, 12) | 0;
    }
    prevCode = code;
    size += current;
    budget.total += current;
    const refusal = tooLarge(size, budget.total);
    if (refusal) throw refusal;
  }
};

/**
 * Refuses a PDF whose Flate or LZW streams expand beyond `PDF_LIMITS`, counting their decoded bytes
 * without keeping them. Every `stream` whose data opens with a zlib header is inflated up to its
 * `endstream` (its declared /Length may be an indirect reference, or a lie), and what it inflates to
 * is followed when it is zlib data again (chained filters); a stream whose dictionary names
 * /LZWDecode has its decoded length counted (`lzwSize`). Images are left out: pdf.js reads only
 * the bytes their declared size needs, and that size is bounded (pdf.ts `MAX_IMAGE_PIXELS`). A stream that
 * fails to inflate is pdf.js's to judge.
 */
export const checkInflatedSize = (bytes: Uint8Array): void => {
  const budget = { total: 0 };
  for (let at = indexOf(bytes, 'stream', 0); at >= 0; at = indexOf(bytes, 'stream', at + 6)) {
    // `endstream` holds `stream` too; a stream keyword ends its line.
    if (ascii(bytes, at - 3, at) === 'end') continue;
    let data = at + 6;
    if (bytes[data] === 0x0d) data++;
    if (bytes[data] !== 0x0a && bytes[data - 1] !== 0x0d) continue;
    if (bytes[data] === 0x0a) data++;
    const flate = zlibHeader(bytes[data], bytes[data + 1]);
    const window = ascii(bytes, at - DICTIONARY_WINDOW, at);
    const dictionary = window.slice(window.lastIndexOf('obj') + 1);
    const lzw = !flate && /\/LZWDecode\b/.test(dictionary);
    if ((!flate && !lzw) || /\/Subtype\s*\/Image\b/.test(dictionary)) continue;
    let end = indexOf(bytes, 'endstream', data);
    if (end < 0) end = bytes.length;
    try {
      if (flate) new InflatedSize(budget, 1).push(bytes.subarray(data, end), true);
      else lzwSize(bytes.subarray(data, end), /\/EarlyChange\s+0\b/.test(dictionary) ? 0 : 1, budget);
    } catch (error) {
      if (error instanceof ParseError) throw error;
    }
  }
};
