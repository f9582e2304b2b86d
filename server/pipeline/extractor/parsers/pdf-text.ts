import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { joinLines } from './xml-text';

type ContentItem = Awaited<ReturnType<PDFPageProxy['getTextContent']>>['items'][number];
type TextItem = Extract<ContentItem, { str: string }>;

const isTextItem = (item: ContentItem): item is TextItem => 'str' in item;

/**
 * Joins the text items of a page (pdf.js getTextContent, content-stream order, which is reading
 * order for nearly every producer) into lines: a break where pdf.js marks the end of a line
 * (hasEOL) or where the baseline moves by more than half the text height.
 *
 * @example
 *   const text = pageText((await page.getTextContent()).items);
 */
export const pageText = (items: readonly ContentItem[]): string => {
  let text = '';
  let last: { y: number; height: number; eol: boolean } | null = null;
  for (const item of items) {
    if (!isTextItem(item)) continue;
    const y = item.transform[5] as number;
    const height = item.height || Math.hypot(item.transform[2] as number, item.transform[3] as number);
    if (last && !last.eol && item.str) {
      const moved = Math.abs(y - last.y) > Math.max(height, last.height, 1) / 2;
      if (moved) text += '\n';
    }
    text += item.str;
    if (item.hasEOL) text += '\n';
    if (item.str || item.hasEOL) last = { y, height, eol: item.hasEOL };
  }
  // Control characters are glyph ids some fonts map to nothing (the WeasyPrint Arabic sample).
  return joinLines(text.replace(/[^\P{Cc}\t\n]/gu, '').split('\n'));
};
