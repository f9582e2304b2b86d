import {
  PAGE_SEPARATOR,
  joinPages,
  type ExtractedPage,
  type TextBlock,
} from '../../../schemas/analysis-result';

export { PAGE_SEPARATOR, joinPages };

export interface FormatterOptions {
  charactersPerBlock: number;
  splitPerPage: boolean;
  redundancy: number;
}

/**
 * Cuts one source's text into blocks of at most `charactersPerBlock` characters, each starting
 * `redundancy` characters before the previous one ended (so a phrase cut at a boundary is whole in
 * one of them), preferring to cut at a line break or a space in the block's last tenth. With
 * `splitPerPage`, no block spans two pages.
 *
 * @example
 *   toBlocks('message', [{ text: 'a'.repeat(9000), ocr: false }], { charactersPerBlock: 4000, splitPerPage: false, redundancy: 100 })
 *   // → 3 blocks: [0, 4000), [3900, 7900), [7800, 9000)
 */
export const toBlocks = (
  source: TextBlock['source'],
  pages: readonly ExtractedPage[],
  options: FormatterOptions,
): TextBlock[] => {
  const size = Math.max(1, options.charactersPerBlock);
  const overlap = Math.min(Math.max(0, options.redundancy), Math.floor(size / 2));
  const spans: { page: number | null; start: number; end: number }[] = [];
  if (options.splitPerPage) {
    let at = 0;
    pages.forEach((p, i) => {
      spans.push({ page: i + 1, start: at, end: at + p.text.length });
      at += p.text.length + PAGE_SEPARATOR.length;
    });
  } else {
    spans.push({ page: null, start: 0, end: joinPages(pages).length });
  }
  const text = joinPages(pages);
  const blocks: TextBlock[] = [];
  for (const span of spans) {
    let start = span.start;
    while (start < span.end) {
      let end = Math.min(start + size, span.end);
      if (end < span.end) end = cutPoint(text, start, end, size);
      if (text.slice(start, end).trim()) blocks.push({ source, page: span.page, start, end });
      if (end >= span.end) break;
      start = Math.max(end - overlap, start + 1);
    }
  }
  return blocks;
};

/**
 * A line break, else a space, in the last tenth of the block; else the hard bound. Only that tenth
 * is looked at: `lastIndexOf` would scan back to the text's start when the tenth has neither, and a
 * 25 MB text on one line took minutes (each block scanning all the text before it).
 */
const cutPoint = (text: string, start: number, end: number, size: number): number => {
  const floor = Math.max(end - Math.max(1, Math.floor(size / 10)), start);
  const newline = lastIn(text, NEWLINE, floor, end);
  if (newline >= 0) return newline + 1;
  const space = lastIn(text, SPACE, floor, end);
  if (space >= 0) return space + 1;
  return end;
};

const NEWLINE = 10;
const SPACE = 32;

/** The last index of the character `code` in `text` after `floor` and before `end`, else -1. */
const lastIn = (text: string, code: number, floor: number, end: number): number => {
  for (let i = end - 1; i > floor; i--) if (text.charCodeAt(i) === code) return i;
  return -1;
};
