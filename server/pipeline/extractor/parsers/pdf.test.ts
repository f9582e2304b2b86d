import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { corpusBytes, corpusEntries, corpusEntry, squash } from '../test-support/corpus';
import { ParseError, type OcrEngine } from '../types';
import { checkFacts } from './document-facts';
import { buildPdf, documentContext, recordingOcr } from './document-fixtures';
import { pdfParser } from './pdf';
import { PDF_LIMITS } from './pdf-inflated-size';
import { said } from '../test-support/warnings';

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
    expect(said(out.warnings)).toContain(
      'Only the first 200 of 5000 pages were read; 4800 were left out (maximum 200)',
    );
  });

  it('honours maxPages on a real file', async () => {
    const out = await parse(corpusBytes('pdf/pdflatex-4-pages.pdf'), documentContext({ maxPages: 2 }));
    expect(out.pages).toHaveLength(2);
    expect(said(out.warnings).join(' ')).toMatch(/first 2 of 4 pages.*2 were left out/);
  });

  it('gives no warning when the whole document was read', async () => {
    const out = await parse(corpusBytes('pdf/pdflatex-4-pages.pdf'), documentContext({ maxPages: 4 }));
    expect(out.pages).toHaveLength(4);
    expect(said(out.warnings)).toEqual([]);
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
    expect(said(out.warnings)).toEqual([
      '1 page that needed OCR was not read by OCR (maximum 2 OCR pages): page 3',
    ]);
    expect(out.warnings[0]).toEqual({
      code: 'warnOcrPagesSkipped',
      params: { smart_count: 1, max: 2, pages: '3' },
    });
  });

  it('AUTO with ocrMaxPages 0 reads nothing by OCR and says which page needed it', async () => {
    const ocr = recordingOcr();
    const out = await parse(mixed, documentContext({ ocrMode: 'AUTO', ocrMaxPages: 0 }, ocr));
    expect(ocr.calls).toHaveLength(0);
    expect(said(out.warnings).join(' ')).toMatch(/: page 2$/);
  });

  it('keeps the text layer and warns when the OCR engine fails', async () => {
    const failing: OcrEngine = {
      recognize: async () => {
        throw new Error('engine not ready');
      },
    };
    const out = await parse(mixed, documentContext({ ocrMode: 'ON' }, failing));
    expect(out.pages.map((p) => p.text)).toEqual(['first page', '', 'third page']);
    expect(said(out.warnings)).toContain('OCR failed on page 1: engine not ready');
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

/**
 * zlib data of `mib` MiB of zeros, made cheaply: 1 MiB deflated once and ended by a sync flush (a
 * byte-aligned, non-final block), that block repeated — its matches reach back into zeros either
 * way — then a final empty block and the Adler-32 of the zeros (a = 1, b = length mod 65521).
 */
const zlibZeros = (mib: number): Uint8Array => {
  const block = zlib.deflateRawSync(Buffer.alloc(1024 * 1024), {
    level: 9,
    finishFlush: zlib.constants.Z_SYNC_FLUSH,
  });
  const adler = Buffer.alloc(4);
  adler.writeUInt16BE(Number((BigInt(mib) * 1024n * 1024n) % 65521n), 0);
  adler.writeUInt16BE(1, 2);
  return Buffer.concat([
    Buffer.from([0x78, 0xda]),
    ...Array.from({ length: mib }, () => block),
    zlib.deflateRawSync(Buffer.alloc(0)),
    adler,
  ]);
};

/** A one-page PDF whose content stream is `stream` (zlib data) under `filters`. */
const pdfWithStream = (stream: Uint8Array, filters = '/FlateDecode'): Uint8Array => {
  const parts: Buffer[] = [];
  const offsets: number[] = [];
  let length = 0;
  const add = (chunk: string | Uint8Array) => {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : Buffer.from(chunk);
    parts.push(bytes);
    length += bytes.length;
  };
  const object = (body: string, data?: Uint8Array) => {
    offsets.push(length);
    add(`${offsets.length} 0 obj\n${body}\n`);
    if (data) {
      add('stream\n');
      add(data);
      add('\nendstream\n');
    }
    add('endobj\n');
  };
  add('%PDF-1.4\n');
  object('<< /Type /Catalog /Pages 2 0 R >>');
  object('<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  object('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R >>');
  object(`<< /Length ${stream.length} /Filter [${filters}] >>`, stream);
  const xref = length;
  add(`xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n`);
  add(offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join(''));
  add(`trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return new Uint8Array(Buffer.concat(parts));
};

/**
 * LZW data (EarlyChange 1) of `count` codes of zeros: each new code the previous string and a zero
 * while the dictionary fills, then its longest string (4,095 bytes for 12 bits) again and again.
 */
const lzwZeros = (count: number): Uint8Array => {
  const out: number[] = [];
  let acc = 0;
  let bits = 0;
  const put = (code: number, width: number) => {
    acc = (acc << width) | code;
    bits += width;
    while (bits >= 8) {
      bits -= 8;
      out.push((acc >>> bits) & 0xff);
    }
    acc &= (1 << bits) - 1;
  };
  let width = 9;
  let next = 258;
  put(0, width);
  for (let k = 0; k < count; k++) {
    put(Math.min(next, 4095), width);
    next++;
    const n = next + 1;
    if ((n & (n - 1)) === 0) width = Math.min(Math.log2(n) + 1, 12);
  }
  put(257, width);
  if (bits > 0) out.push((acc << (8 - bits)) & 0xff);
  return new Uint8Array(out);
};

describe('pdfParser and decompression bombs', () => {
  it('refuses a 1 MB PDF whose content stream inflates to 1 GiB, before pdf.js inflates it', async () => {
    const bomb = pdfWithStream(zlibZeros(1024));
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    await expect(parse(bomb)).rejects.toMatchObject({
      name: 'ParseError',
      code: 'PDF_TOO_LARGE_UNCOMPRESSED',
      message: expect.stringContaining(`${PDF_LIMITS.maxStreamBytes / 1024 / 1024} MB`),
    });
  });

  it('follows chained Flate filters: a small stream inflating to a bomb is refused too', async () => {
    const inner = zlibZeros(1024);
    const bomb = pdfWithStream(zlib.deflateSync(inner), '/FlateDecode /FlateDecode');
    await expect(parse(bomb)).rejects.toMatchObject({ code: 'PDF_TOO_LARGE_UNCOMPRESSED' });
  });

  it('refuses an LZW content stream that decodes past the bound (up to 4,095 bytes a code)', async () => {
    const bomb = pdfWithStream(lzwZeros(60_000), '/LZWDecode');
    expect(bomb.length).toBeLessThan(100_000);
    await expect(parse(bomb)).rejects.toMatchObject({ code: 'PDF_TOO_LARGE_UNCOMPRESSED' });
  });

  it('reads a Flate content stream under the bounds as before', async () => {
    const text = zlib.deflateSync(Buffer.from('BT /F1 14 Tf 20 100 Td (Flate text) Tj ET'));
    const out = await parse(pdfWithStream(text));
    expect(out.pages.map((p) => p.text)).toEqual(['Flate text']);
  });
});
