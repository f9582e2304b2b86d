import path from 'node:path';
import { createRequire } from 'node:module';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** 2 × 72 dpi = 144 dpi: what tesseract reads body text well at, without huge images. */
const OCR_SCALE = 2;
/** A page of absurd size (a 5 m poster) is rendered smaller rather than as a 100-megapixel canvas. */
const MAX_PIXELS = 5000 * 5000;
const MAX_SIDE = 10_000;

/** Where pdfjs-dist keeps the data it reads from disk: standard fonts, CMaps, wasm decoders. */
export const PDFJS_DIR = path.resolve(
  path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/legacy/build/pdf.mjs')),
  '../..',
);

/** The part of pdf.js's Node canvas factory (its own @napi-rs/canvas) that rendering needs. */
interface CanvasAndContext {
  canvas: { encode(format: 'png'): Promise<Uint8Array> };
  context: unknown;
}
interface CanvasFactory {
  create(width: number, height: number): CanvasAndContext;
  destroy(canvasAndContext: CanvasAndContext): void;
}

/**
 * Renders one page to PNG for OCR. The canvas comes from pdf.js's own factory: pdfjs-dist bundles
 * its own @napi-rs/canvas, and mixing its Path2D with another copy's context fails to draw text.
 *
 * @example
 *   const png = await renderPage(document, await document.getPage(1));
 *   const { text } = await context.ocr.recognize(png, 'fra+eng');
 */
export const renderPage = async (document: PDFDocumentProxy, page: PDFPageProxy): Promise<Uint8Array> => {
  const base = page.getViewport({ scale: 1 });
  const scale = Math.min(
    OCR_SCALE,
    Math.sqrt(MAX_PIXELS / Math.max(1, base.width * base.height)),
    MAX_SIDE / Math.max(1, base.width),
    MAX_SIDE / Math.max(1, base.height),
  );
  const viewport = page.getViewport({ scale });
  const factory = document.canvasFactory as CanvasFactory;
  const target = factory.create(
    Math.max(1, Math.ceil(viewport.width)),
    Math.max(1, Math.ceil(viewport.height)),
  );
  try {
    await page.render({
      canvas: target.canvas as unknown as HTMLCanvasElement,
      canvasContext: target.context as CanvasRenderingContext2D,
      viewport,
    }).promise;
    return new Uint8Array(await target.canvas.encode('png'));
  } finally {
    factory.destroy(target);
  }
};
