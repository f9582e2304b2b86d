import { describe, expect, it } from 'vitest';
import { corpusBytes, corpusEntries, corpusEntry, squash } from '../test-support/corpus';
import { ParseError, type OcrEngine } from '../types';
import { checkFacts } from './document-facts';
import { buildPdf, documentContext, recordingOcr } from './document-fixtures';
import { pdfParser } from './pdf';

const parse = (bytes: Uint8Array, context = documentContext(), filename = 'file.pdf') =>
  pdfParser.parse({ filename, bytes }, context);

const pngSize = (png: Uint8Array) => {
  const view = new DataView(png.buffer, png.byteOffset);
  return { width: view.getUint32(16), height: view.getUint32(20) };
};

const entries = corpusEntries('pdf');
const readable = entries.filter((entry) => entry.facts.encrypted !== true);

describe('pdfParser on the corpus', () => {
  it('covers every PDF of the corpus', () => {
    expect(entries.length).toBe(10);
  });

  it.each(readable.map((entry) => [entry.file, entry] as const))(
    '%s: the manifest facts hold',
    async (_, entry) => {
      checkFacts(entry, await parse(corpusBytes(entry.file), documentContext(), entry.file));
    },
  );

  it('refuses the RC4-encrypted PDF with the password message', async () => {
    const entry = corpusEntry('pdf/libreoffice-writer-password.pdf');
    expect(entry.facts.encrypted).toBe(true);
    await expect(parse(corpusBytes(entry.file))).rejects.toMatchObject({
      name: 'ParseError',
      message: 'The PDF is protected by a password',
      code: 'PDF_ENCRYPTED',
    });
  });

  it('hands the embedded image.png of with-attachment.pdf over as a PNG attachment', async () => {
    const out = await parse(corpusBytes('pdf/with-attachment.pdf'));
    expect(out.attachments).toHaveLength(1);
    expect(out.attachments[0]).toMatchObject({ filename: 'image.png', mime: 'image/png', inline: false });
    expect([...out.attachments[0].bytes.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  });

  it('keeps the two columns of multicolumn.pdf apart, line by line', async () => {
    const out = await parse(corpusBytes('pdf/multicolumn.pdf'));
    const lines = out.pages[0].text.split('\n');
    expect(lines).toContain('Two-Column Document with Lorem Ipsum');
    expect(lines.every((line) => line.length < 120)).toBe(true);
  });

  // habibi.pdf maps each Arabic glyph cluster to its logical text on one glyph; pdf.js then applies
  // its visual→logical reordering on top and hands the word back reversed. Known gap: this test
  // fails today and will tell whoever fixes it to turn it into a plain `it`.
  it.fails(
    'gives the Arabic word of habibi.pdf in logical order (known gap: comes out reversed)',
    async () => {
      const entry = corpusEntry('pdf/habibi.pdf');
      const out = await parse(corpusBytes(entry.file));
      expect(squash(out.pages[0].text)).toContain(String(entry.facts.arabic_word));
    },
  );

  it('leaves the caller’s bytes intact (pdf.js may take over the buffer it is given)', async () => {
    const bytes = corpusBytes('pdf/minimal-document.pdf');
    await parse(bytes);
    expect(bytes.byteLength).toBe(corpusEntry('pdf/minimal-document.pdf').size_bytes);
  });
});

describe('pdfParser refusals', () => {
  it('refuses a zero-byte file', async () => {
    await expect(parse(new Uint8Array(0))).rejects.toMatchObject({ name: 'ParseError', code: 'EMPTY_FILE' });
  });

  it.each(readable.map((entry) => entry.file))('refuses the first half of %s as truncated', async (file) => {
    const bytes = corpusBytes(file);
    const refusal = parse(bytes.subarray(0, Math.floor(bytes.length / 2)));
    await expect(refusal).rejects.toBeInstanceOf(ParseError);
    await expect(refusal).rejects.toMatchObject({ code: 'PDF_DAMAGED', message: /damaged or truncated/ });
  });

  it('refuses text that is not a PDF', async () => {
    await expect(parse(new TextEncoder().encode('just some words'))).rejects.toMatchObject({
      code: 'PDF_DAMAGED',
    });
  });

  it('stops when the analysis is aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('aborted by the user'));
    const context = { ...documentContext(), signal: controller.signal };
    await expect(parse(corpusBytes('pdf/pdflatex-4-pages.pdf'), context)).rejects.toThrow(
      'aborted by the user',
    );
  });
});

describe('pdfParser page limit', () => {
  it('reads 200 pages of a 5,000-page PDF and says how many were left out', async () => {
    const bytes = buildPdf(Array.from({ length: 5000 }, (_, i) => `Page ${i + 1}`));
    const out = await parse(bytes);
    expect(out.pages).toHaveLength(200);
    expect(out.pages[199].text).toBe('Page 200');
    expect(out.metadata.pageCount).toBe(5000);
    expect(out.warnings).toContain(
      'Only the first 200 of 5000 pages were read; 4800 were left out (maximum 200)',
    );
  });

  it('honours maxPages on a real file', async () => {
    const out = await parse(corpusBytes('pdf/pdflatex-4-pages.pdf'), documentContext({ maxPages: 2 }));
    expect(out.pages).toHaveLength(2);
    expect(out.warnings.join(' ')).toMatch(/first 2 of 4 pages.*2 were left out/);
  });

  it('gives no warning when the whole document was read', async () => {
    const out = await parse(corpusBytes('pdf/pdflatex-4-pages.pdf'), documentContext({ maxPages: 4 }));
    expect(out.pages).toHaveLength(4);
    expect(out.warnings).toEqual([]);
  });
});

describe('pdfParser OCR modes', () => {
  // Page 2 only draws a grey square: no text layer, what a scanned page looks like.
  const mixed = buildPdf(['first page', null, 'third page']);

  it('OFF never calls OCR, even for a page without text', async () => {
    const ocr = recordingOcr();
    const out = await parse(mixed, documentContext({ ocrMode: 'OFF' }, ocr));
    expect(ocr.calls).toHaveLength(0);
    expect(out.pages.map((p) => [p.text, p.ocr])).toEqual([
      ['first page', false],
      ['', false],
      ['third page', false],
    ]);
  });

  it('AUTO reads only the page whose text layer is empty, in the configured languages', async () => {
    const ocr = recordingOcr();
    const out = await parse(mixed, documentContext({ ocrMode: 'AUTO', ocrName: 'eng' }, ocr));
    expect(ocr.calls.map((c) => c.languages)).toEqual(['eng']);
    expect(out.pages.map((p) => [p.text, p.ocr])).toEqual([
      ['first page', false],
      ['OCR text of call 1', true],
      ['third page', false],
    ]);
  });

  it('ON reads every page with OCR', async () => {
    const ocr = recordingOcr();
    const out = await parse(mixed, documentContext({ ocrMode: 'ON' }, ocr));
    expect(ocr.calls).toHaveLength(3);
    expect(out.pages.every((p) => p.ocr)).toBe(true);
  });

  it('hands OCR a PNG of the page at 144 dpi', async () => {
    const ocr = recordingOcr();
    await parse(mixed, documentContext({ ocrMode: 'AUTO' }, ocr));
    const png = ocr.calls[0].image;
    expect([...png.subarray(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
    expect(pngSize(png)).toEqual({ width: 400, height: 400 });
  });

  it('ON stops at ocrMaxPages and names the pages it left to the text layer', async () => {
    const ocr = recordingOcr();
    const out = await parse(mixed, documentContext({ ocrMode: 'ON', ocrMaxPages: 2 }, ocr));
    expect(ocr.calls).toHaveLength(2);
    expect(out.pages[2]).toEqual({ text: 'third page', ocr: false });
    expect(out.warnings).toEqual([
      '1 page(s) that needed OCR were not read by OCR (maximum 2 OCR pages): pages 3',
    ]);
  });

  it('AUTO with ocrMaxPages 0 reads nothing by OCR and says which page needed it', async () => {
    const ocr = recordingOcr();
    const out = await parse(mixed, documentContext({ ocrMode: 'AUTO', ocrMaxPages: 0 }, ocr));
    expect(ocr.calls).toHaveLength(0);
    expect(out.warnings.join(' ')).toMatch(/pages 2$/);
  });

  it('keeps the text layer and warns when the OCR engine fails', async () => {
    const failing: OcrEngine = {
      recognize: async () => {
        throw new Error('engine not ready');
      },
    };
    const out = await parse(mixed, documentContext({ ocrMode: 'ON' }, failing));
    expect(out.pages.map((p) => p.text)).toEqual(['first page', '', 'third page']);
    expect(out.warnings).toContain('OCR failed on page 1: engine not ready');
  });

  it('does not OCR pages beyond maxPages', async () => {
    const ocr = recordingOcr();
    await parse(buildPdf([null, null, null, null]), documentContext({ ocrMode: 'AUTO', maxPages: 2 }, ocr));
    expect(ocr.calls).toHaveLength(2);
  });
});

describe('pdfParser and the built-ins of the process', () => {
  // Taken when the tests are collected, before any PDF of this file is read.
  const natives = [JSON.parse, JSON.stringify, Array.prototype.push, Function.prototype.toString];
  it('leaves the native JSON, push and toString in place (pdf.js’s core-js replaces them)', async () => {
    await parse(corpusBytes(readable[0].file), documentContext(), readable[0].file);
    expect([JSON.parse, JSON.stringify, Array.prototype.push, Function.prototype.toString]).toEqual(natives);
    expect(Object.getOwnPropertyDescriptor(Array.prototype, 'push')!.enumerable).toBe(false);
  });
});
