import { describe, expect, it } from 'vitest';
import { PAGE_SEPARATOR, joinPages, toBlocks } from './blocks';

const page = (text: string) => ({ text, ocr: false });
const options = { charactersPerBlock: 4000, splitPerPage: false, redundancy: 0 };

describe('the formatter', () => {
  it('keeps a short text in one block with its offsets', () => {
    expect(toBlocks('message', [page('Bonjour')], options)).toEqual([
      { source: 'message', page: null, start: 0, end: 7 },
    ]);
  });

  it('cuts at most charactersPerBlock characters, at a space near the bound, covering every character', () => {
    const words = Array.from({ length: 3000 }, (_, i) => `mot${i}`).join(' ');
    const blocks = toBlocks('message', [page(words)], options);
    expect(blocks.length).toBeGreaterThan(3);
    const texts = blocks.map((b) => words.slice(b.start, b.end));
    for (const text of texts) expect(text.length).toBeLessThanOrEqual(4000);
    expect(texts.join('')).toBe(words);
    // Cut after a space: no word is split between two blocks.
    expect(texts.slice(0, -1).every((text) => text.endsWith(' '))).toBe(true);
  });

  it('overlaps consecutive blocks by `redundancy` characters', () => {
    const text = 'a'.repeat(9000);
    const blocks = toBlocks('message', [page(text)], { ...options, redundancy: 100 });
    expect(blocks.map((b) => [b.start, b.end])).toEqual([
      [0, 4000],
      [3900, 7900],
      [7800, 9000],
    ]);
  });

  it('never spans two pages when split per page, and numbers them', () => {
    const pages = [page('first page'), page('second page')];
    const blocks = toBlocks(2, pages, { ...options, splitPerPage: true });
    expect(blocks).toEqual([
      { source: 2, page: 1, start: 0, end: 10 },
      {
        source: 2,
        page: 2,
        start: 10 + PAGE_SEPARATOR.length,
        end: 10 + PAGE_SEPARATOR.length + 11,
      },
    ]);
    expect(joinPages(pages).slice(blocks[1].start, blocks[1].end)).toBe('second page');
  });

  it('leaves out blank pages', () => {
    expect(toBlocks('message', [page('  \n '), page('x')], { ...options, splitPerPage: true })).toHaveLength(
      1,
    );
  });
});
