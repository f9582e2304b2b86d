import zlib from 'node:zlib';
import type { DocumentOptions } from '../../../../schemas/extractor-settings';
import type { OcrEngine, ParseContext } from '../types';

/**
 * Test fixtures of the document parsers: files no corpus holds (a 5,000-page PDF, a page without
 * a text layer, a zip bomb) are built here, byte by byte, so each test says what it feeds in.
 */

export const DEFAULT_DOCUMENT_OPTIONS: DocumentOptions = {
  maxPages: 200,
  ocrMaxPages: 10,
  ocrMode: 'OFF',
  ocrName: 'fra+eng',
};

/** An OCR engine that records what it was asked to read and answers 'OCR text of call N'. */
export const recordingOcr = (): OcrEngine & { calls: { image: Uint8Array; languages: string }[] } => {
  const calls: { image: Uint8Array; languages: string }[] = [];
  return {
    calls,
    async recognize(image, languages) {
      calls.push({ image, languages });
      return { text: `OCR text of call ${calls.length}`, confidence: 90 };
    },
  };
};

export const documentContext = (
  options: Partial<DocumentOptions> = {},
  ocr: OcrEngine = recordingOcr(),
): ParseContext<'document'> => ({
  options: { ...DEFAULT_DOCUMENT_OPTIONS, ...options },
  signal: new AbortController().signal,
  ocr,
  speech: null,
});

/**
 * A minimal PDF: one page per entry, with that text in Helvetica, or — for null — a page that
 * only draws a grey rectangle (no text layer, what a scan looks like to a text extractor).
 * Pages with the same content share one content stream, so 5,000 pages stay small.
 *
 * @example
 *   const bytes = buildPdf(['first page', null, 'third page']);
 */
export const buildPdf = (pages: readonly (string | null)[]): Uint8Array => {
  const objects: string[] = [];
  const add = (body: string): number => objects.push(body);
  add('<< /Type /Catalog /Pages 2 0 R >>');
  add('PAGES');
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  const streams = new Map<string | null, number>();
  const kids: number[] = [];
  for (const text of pages) {
    let content = streams.get(text);
    if (content === undefined) {
      const escaped = text?.replace(/[\\()]/g, (c) => `\\${c}`);
      const ops = text === null ? '0.5 g 40 40 120 120 re f' : `BT /F1 14 Tf 20 100 Td (${escaped}) Tj ET`;
      content = add(`<< /Length ${ops.length} >>\nstream\n${ops}\nendstream`);
      streams.set(text, content);
    }
    kids.push(
      add(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents ${content} 0 R /Resources << /Font << /F1 ${font} 0 R >> >> >>`,
      ),
    );
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(pdf);
};

/**
 * Raw deflate of `size` zero bytes, written by hand in one fixed-Huffman block: a literal 0, then
 * <length 258, distance 1> copies (13 bits per 258 bytes), then literal zeros for the rest.
 * Compressing the zeros with fflate would cost seconds per test run; this costs milliseconds.
 */
const deflatedZeros = (size: number): Uint8Array => {
  const copies = Math.floor((size - 1) / 258);
  const literals = size - copies * 258;
  const out = new Uint8Array(Math.ceil((3 + literals * 8 + copies * 13 + 7) / 8) + 1);
  let bit = 0;
  /** Huffman codes go most significant bit first; header fields least significant first. */
  const write = (value: number, bits: number, msbFirst: boolean) => {
    for (let i = 0; i < bits; i += 1) {
      const b = msbFirst ? (value >> (bits - 1 - i)) & 1 : (value >> i) & 1;
      out[bit >> 3] |= b << (bit & 7);
      bit += 1;
    }
  };
  write(1, 1, false); // BFINAL
  write(1, 2, false); // BTYPE 01: fixed Huffman codes
  write(0x30, 8, true); // literal 0
  for (let i = 0; i < copies; i += 1) {
    write(0xc5, 8, true); // length 258 (symbol 285)
    write(0, 5, true); // distance 1
  }
  for (let i = 1; i < literals; i += 1) write(0x30, 8, true);
  write(0, 7, true); // end of block
  return out.subarray(0, Math.ceil(bit / 8));
};

interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  crc: number;
  size: number;
  data: Uint8Array;
}

/** A ZIP archive written field by field (local headers, central directory, end record). */
const zipOf = (entries: readonly ZipEntry[]): Uint8Array => {
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  const fields = (values: [number, 2 | 4][]) => {
    const view = new DataView(new ArrayBuffer(values.reduce((n, [, w]) => n + w, 0)));
    values.reduce((at, [value, width]) => {
      if (width === 4) view.setUint32(at, value >>> 0, true);
      else view.setUint16(at, value, true);
      return at + width;
    }, 0);
    return new Uint8Array(view.buffer);
  };
  for (const entry of entries) {
    const name = new TextEncoder().encode(entry.name);
    const common: [number, 2 | 4][] = [
      [20, 2],
      [0, 2],
      [entry.method, 2],
      [0, 2],
      [0, 2],
      [entry.crc, 4],
      [entry.data.length, 4],
      [entry.size, 4],
      [name.length, 2],
      [0, 2],
    ];
    parts.push(fields([[0x04034b50, 4], ...common]), name, entry.data);
    central.push(
      fields([[0x02014b50, 4], [20, 2], ...common, [0, 2], [0, 2], [0, 2], [0, 4], [offset, 4]]),
      name,
    );
    offset += 30 + name.length + entry.data.length;
  }
  const size = central.reduce((n, c) => n + c.length, 0);
  const end = fields([
    [0x06054b50, 4],
    [0, 2],
    [0, 2],
    [entries.length, 2],
    [entries.length, 2],
    [size, 4],
    [offset, 4],
    [0, 2],
  ]);
  return new Uint8Array(Buffer.concat([...parts, ...central, end]));
};

/**
 * A DOCX-shaped zip bomb: [Content_Types].xml, then word/document.xml expanding to `megabytes`
 * MB of zeros from about 1/160 of that (the test never holds the expanded bytes).
 */
export const buildZipBomb = (megabytes: number): Uint8Array => {
  const size = megabytes * 1024 * 1024;
  const zeros = new Uint8Array(1024 * 1024);
  let crc = 0;
  for (let i = 0; i < megabytes; i += 1) crc = zlib.crc32(zeros, crc);
  const types = new TextEncoder().encode('<Types/>');
  return zipOf([
    { name: '[Content_Types].xml', method: 0, crc: zlib.crc32(types), size: types.length, data: types },
    { name: 'word/document.xml', method: 8, crc, size, data: deflatedZeros(size) },
  ]);
};
