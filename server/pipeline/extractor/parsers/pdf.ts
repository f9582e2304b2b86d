import path from 'node:path';
import { Unzlib } from 'fflate';
import type * as PdfjsModule from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { DocumentOptions } from '../../../../schemas/extractor-settings';
import {
  ParseError,
  parseFailure,
  type OcrEngine,
  type ParsedPage,
  type Parser,
  type RawAttachment,
} from '../types';
import { traceMessage, type TraceMessage } from '../../../../schemas/trace-messages';
import { mimeOf } from './media-types';
import { restoreNativeBuiltins } from './native-builtins';
import { pageLimitWarning } from './page-limit';
import { PDFJS_DIR, renderPage } from './pdf-render';
import { pageText } from './pdf-text';
import { DEFAULT_ZIP_LIMITS } from './zip';

/** Images above this many pixels are not decoded (a crafted 100k × 100k image would take 40 GB). */
const MAX_IMAGE_PIXELS = 50_000_000;

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
 * the bytes their declared size needs, and that size is bounded (`MAX_IMAGE_PIXELS`). A stream that
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

type Pdfjs = typeof PdfjsModule;
let pdfjs: Promise<Pdfjs> | undefined;
/** pdf.js is large: loaded at the first PDF, not when the server starts. */
const loadPdfjs = (): Promise<Pdfjs> =>
  (pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs').finally(restoreNativeBuiltins));

const dataDir = (name: string) => `${path.join(PDFJS_DIR, name)}/`;

/** pdf.js's own exceptions, told apart by name, in words a user understands. */
const refusal = (error: unknown): ParseError => {
  const { name, message } = error instanceof Error ? error : { name: '', message: String(error) };
  if (name === 'PasswordException') return parseFailure('PDF_ENCRYPTED', traceMessage('parsePdfEncrypted'));
  if (name === 'InvalidPDFException' || name === 'FormatError') {
    return parseFailure('PDF_DAMAGED', traceMessage('parsePdfDamagedDetail', { detail: message }));
  }
  return parseFailure('PDF_UNREADABLE', traceMessage('parsePdfUnreadable', { detail: message }));
};

/** Opens a PDF without eval, system fonts, network or XFA; fonts and CMaps come from pdfjs-dist. */
const open = async (bytes: Uint8Array): Promise<PDFDocumentProxy> => {
  const { getDocument, VerbosityLevel } = await loadPdfjs();
  const task = getDocument({
    // pdf.js may take ownership of the buffer it is given; the caller keeps the original.
    data: bytes.slice(),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    useWorkerFetch: false,
    enableXfa: false,
    maxImageSize: MAX_IMAGE_PIXELS,
    standardFontDataUrl: dataDir('standard_fonts'),
    cMapUrl: dataDir('cmaps'),
    cMapPacked: true,
    iccUrl: dataDir('iccs'),
    wasmUrl: dataDir('wasm'),
    verbosity: VerbosityLevel.ERRORS,
  });
  try {
    return await task.promise;
  } catch (error) {
    await task.destroy();
    throw refusal(error);
  } finally {
    // The first document loads pdf.js's worker module, which replaces them again.
    restoreNativeBuiltins();
  }
};

interface FileSpec {
  filename?: string;
  content?: Uint8Array;
}

/** Files embedded in the document (the EmbeddedFiles name tree) and attached to annotations. */
const attachmentsOf = async (document: PDFDocumentProxy, annotated: FileSpec[]): Promise<RawAttachment[]> => {
  const embedded = Object.values(((await document.getAttachments()) ?? {}) as Record<string, FileSpec>);
  const out: RawAttachment[] = [];
  const seen = new Set<string>();
  for (const { filename, content } of [...embedded, ...annotated]) {
    if (!content) continue;
    const name = filename || `attachment-${out.length + 1}`;
    if (seen.has(`${name}/${content.length}`)) continue;
    seen.add(`${name}/${content.length}`);
    out.push({ filename: name, mime: mimeOf(name), bytes: content, inline: false });
  }
  return out;
};

const metadataOf = async (document: PDFDocumentProxy): Promise<Record<string, string | number | boolean>> => {
  const { info } = (await document.getMetadata()) as unknown as { info: Record<string, unknown> };
  const metadata: Record<string, string | number | boolean> = {
    pageCount: document.numPages,
    encrypted: Boolean(info.EncryptFilterName),
  };
  for (const [key, field] of [
    ['title', 'Title'],
    ['author', 'Author'],
    ['producer', 'Producer'],
    ['creator', 'Creator'],
  ] as const) {
    const value = typeof info[field] === 'string' ? info[field].trim() : '';
    if (value) metadata[key] = value;
  }
  return metadata;
};

/** A library's own words, kept as a warning's technical detail. */
const wordsOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Decides, page by page, whether OCR reads it, and counts what the OCR limit left out. */
class OcrPlan {
  private used = 0;
  readonly skipped: number[] = [];

  constructor(private readonly options: DocumentOptions) {}

  wants(layerText: string, pageNumber: number): boolean {
    const { ocrMode, ocrMaxPages } = this.options;
    const needed = ocrMode === 'ON' || (ocrMode === 'AUTO' && layerText.trim() === '');
    if (!needed) return false;
    if (this.used >= ocrMaxPages) {
      this.skipped.push(pageNumber);
      return false;
    }
    this.used += 1;
    return true;
  }

  warning(): TraceMessage | null {
    if (this.skipped.length === 0) return null;
    const list = this.skipped.slice(0, 20).join(', ') + (this.skipped.length > 20 ? '…' : '');
    return traceMessage('warnOcrPagesSkipped', {
      smart_count: this.skipped.length,
      max: this.options.ocrMaxPages,
      pages: list,
    });
  }
}

/** One page: its text layer, replaced by OCR when the plan says so and OCR reads something. */
const readPage = async (
  document: PDFDocumentProxy,
  page: PDFPageProxy,
  plan: OcrPlan,
  ocr: { engine: OcrEngine; languages: string; signal: AbortSignal },
  warnings: TraceMessage[],
): Promise<ParsedPage> => {
  const layer = pageText((await page.getTextContent()).items);
  if (!plan.wants(layer, page.pageNumber)) return { text: layer, ocr: false };
  try {
    const { text } = await ocr.engine.recognize(await renderPage(document, page), ocr.languages);
    const read = text.trim();
    return read || !layer ? { text: read, ocr: true } : { text: layer, ocr: false };
  } catch (error) {
    if (ocr.signal.aborted) throw error;
    warnings.push(traceMessage('warnOcrPageFailed', { page: page.pageNumber, detail: wordsOf(error) }));
    return { text: layer, ocr: false };
  }
};

/**
 * PDF through pdf.js (legacy build, in-process worker): one page per PDF page from the text
 * layer, at most `maxPages`; OCR per `ocrMode` (ON every page, AUTO pages with an empty text
 * layer, OFF never) up to `ocrMaxPages`, on pages rendered at 144 dpi. Embedded files become
 * attachments. A password-protected, damaged or truncated file is refused with a clear message.
 */
export const pdfParser: Parser<'document'> = {
  family: 'document',
  extensions: ['pdf'],
  async parse(input, context) {
    const { options, signal } = context;
    if (input.bytes.length === 0) throw parseFailure('EMPTY_FILE', traceMessage('parsePdfEmpty'));
    checkInflatedSize(input.bytes);
    const document = await open(input.bytes);
    try {
      const warnings: TraceMessage[] = [];
      const limit = pageLimitWarning(document.numPages, options.maxPages, 'pages');
      if (limit) warnings.push(limit);
      const plan = new OcrPlan(options);
      const ocr = { engine: context.ocr, languages: options.ocrName, signal };
      const pages: ParsedPage[] = [];
      const annotated: FileSpec[] = [];
      let failed = 0;
      for (let n = 1; n <= Math.min(document.numPages, options.maxPages); n += 1) {
        if (signal.aborted) throw signal.reason;
        try {
          const page = await document.getPage(n);
          pages.push(await readPage(document, page, plan, ocr, warnings));
          const annotations: unknown[] = await page.getAnnotations({ intent: 'display' }).catch(() => []);
          annotated.push(...annotations.flatMap((a) => (a as { file?: FileSpec }).file ?? []));
          page.cleanup();
        } catch (error) {
          if (signal.aborted || error instanceof ParseError) throw error;
          failed += 1;
          warnings.push(traceMessage('warnPageUnreadable', { page: n, detail: wordsOf(error) }));
          pages.push({ text: '', ocr: false });
        }
      }
      if (failed > 0 && failed === pages.length) {
        throw parseFailure('PDF_DAMAGED', traceMessage('parsePdfNoPage'));
      }
      const skipped = plan.warning();
      if (skipped) warnings.push(skipped);
      return {
        pages,
        attachments: await attachmentsOf(document, annotated),
        metadata: await metadataOf(document),
        warnings,
      };
    } finally {
      await document.destroy();
    }
  },
};

/**
 * The first `maxPages` pages of a PDF as PNG images (the vision engine's input), with the same
 * bounds as reading it: inflated sizes checked first, a damaged file refused. A page that fails to
 * render is left out.
 */
export const renderPdfPages = async (
  bytes: Uint8Array,
  maxPages: number,
  signal: AbortSignal,
): Promise<{ images: Uint8Array[]; pageCount: number }> => {
  checkInflatedSize(bytes);
  const document = await open(bytes);
  try {
    const images: Uint8Array[] = [];
    for (let n = 1; n <= Math.min(document.numPages, maxPages); n += 1) {
      if (signal.aborted) throw signal.reason;
      const page = await document.getPage(n);
      const image = await renderPage(document, page).catch(() => null);
      page.cleanup();
      if (image) images.push(image);
    }
    return { images, pageCount: document.numPages };
  } finally {
    await document.destroy();
  }
};
