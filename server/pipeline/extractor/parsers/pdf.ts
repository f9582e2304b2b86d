// The PDF parser through pdf.js: opening a document, each page's text layer or OCR, its attachments
// and metadata, and its pages as images for the vision engine. Inflated sizes are checked first
// (pdf-inflated-size.ts).
import path from 'node:path';
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
import { checkInflatedSize } from './pdf-inflated-size';
import { PDFJS_DIR, renderPage } from './pdf-render';
import { pageText } from './pdf-text';

/** Images above this many pixels are not decoded (a crafted 100k × 100k image would take 40 GB). */
const MAX_IMAGE_PIXELS = 50_000_000;

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
