// The images tesseract is given: their size checked before it allocates anything, and what its
// leptonica cannot decode rewritten (a deflate TIFF uncompressed, other codecs as PNG).
import { Unzlib } from 'fflate';
import { imageSize } from 'image-size';
import { ParseError, parseFailure } from '../types';
import { traceMessage } from '../../../../schemas/trace-messages';

/** The failure of an image that cannot be read. */
export const unreadable = () => parseFailure('NOT_AN_IMAGE', traceMessage('parseNotImage'));

/** Checks the size before tesseract allocates anything, and rewrites what leptonica cannot decode. */
export const prepare = (image: Uint8Array, maxPixels: number): Uint8Array => {
  let size: ReturnType<typeof imageSize>;
  try {
    size = imageSize(image);
  } catch {
    throw unreadable();
  }
  const { width = 0, height = 0 } = size;
  if (width <= 0 || height <= 0) throw unreadable();
  if (width * height > maxPixels) {
    throw parseFailure(
      'IMAGE_TOO_LARGE',
      traceMessage('parseImageTooLarge', { width, height, megapixels: Math.round(maxPixels / 1e6) }),
    );
  }
  return size.type === 'tiff' ? inflateTiff(image, maxPixels) : image;
};

/** An image as PNG, decoded with skia (for the codecs leptonica lacks). */
export const toPng = async (image: Uint8Array): Promise<Uint8Array> => {
  const { createCanvas, loadImage } = await import('@napi-rs/canvas');
  try {
    const decoded = await loadImage(Buffer.from(image));
    const canvas = createCanvas(decoded.width, decoded.height);
    canvas.getContext('2d').drawImage(decoded, 0, 0);
    return new Uint8Array(await canvas.encode('png'));
  } catch {
    throw unreadable();
  }
};

const TYPE_BYTES = [0, 1, 1, 2, 4, 8, 1, 1, 2, 4, 8, 4, 8];
const DEFLATE = [8, 32946];
const REWRITTEN = [259, 273, 278, 279, 317];

/**
 * The leptonica inside tesseract.js is built without zlib, so a deflate-compressed TIFF (common from
 * scanners and ImageMagick) fails to load. Its first page is rewritten uncompressed, every other tag
 * kept as it is. Other TIFFs are returned unchanged.
 */
const inflateTiff = (bytes: Uint8Array, maxPixels: number): Uint8Array => {
  try {
    const le = bytes[0] === 0x49;
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const ifd = view.getUint32(4, le);
    const entries = Array.from({ length: view.getUint16(ifd, le) }, (_, i) => {
      const at = ifd + 2 + i * 12;
      const type = view.getUint16(at + 2, le);
      const count = view.getUint32(at + 4, le);
      const size = (TYPE_BYTES[type] ?? 1) * count;
      return { at, tag: view.getUint16(at, le), type, count, size };
    });
    const values = (tag: number): number[] => {
      const e = entries.find((entry) => entry.tag === tag);
      if (!e || (e.type !== 3 && e.type !== 4)) return [];
      const from = e.size <= 4 ? e.at + 8 : view.getUint32(e.at + 8, le);
      return Array.from({ length: Math.min(e.count, 100_000) }, (_, i) =>
        e.type === 3 ? view.getUint16(from + i * 2, le) : view.getUint32(from + i * 4, le),
      );
    };
    const one = (tag: number, fallback: number) => values(tag)[0] ?? fallback;
    if (!DEFLATE.includes(one(259, 1)) || values(322).length > 0 || one(284, 1) !== 1) return bytes;
    const [width, height, samples, bits] = [one(256, 0), one(257, 0), one(277, 1), one(258, 1)];
    const predictor = one(317, 1);
    if (width * height > maxPixels || samples > 8 || bits > 16 || (predictor === 2 && bits !== 8))
      return bytes;
    const rowBytes = Math.ceil((width * samples * bits) / 8);
    const rowsPerStrip = Math.min(one(278, height), height);
    const [offsets, counts] = [values(273), values(279)];
    const pixels = new Uint8Array(rowBytes * height);
    offsets.forEach((offset, i) => {
      const start = i * rowsPerStrip * rowBytes;
      const end = Math.min(start + rowsPerStrip * rowBytes, pixels.length);
      if (start < end) inflateInto(bytes.subarray(offset, offset + (counts[i] ?? 0)), pixels, start, end);
    });
    if (predictor === 2) {
      for (let row = 0; row < pixels.length; row += rowBytes) {
        for (let x = samples; x < rowBytes; x++)
          pixels[row + x] = (pixels[row + x] + pixels[row + x - samples]) & 255;
      }
    }
    return writeTiff(bytes, le, entries, pixels, height);
  } catch (error) {
    if (error instanceof ParseError) throw error;
    throw unreadable();
  }
};

/** Inflates one strip into pixels[start, end), stopping as soon as the strip overflows its rows. */
const inflateInto = (strip: Uint8Array, pixels: Uint8Array, start: number, end: number) => {
  let at = start;
  const inflater = new Unzlib((chunk) => {
    if (at + chunk.length > end) throw unreadable();
    pixels.set(chunk, at);
    at += chunk.length;
  });
  for (let i = 0; i < strip.length; i += 16 * 1024) {
    inflater.push(strip.subarray(i, i + 16 * 1024), i + 16 * 1024 >= strip.length);
  }
};

interface IfdEntry {
  at: number;
  tag: number;
  type: number;
  count: number;
  size: number;
}

const writeTiff = (
  source: Uint8Array,
  le: boolean,
  entries: IfdEntry[],
  pixels: Uint8Array,
  height: number,
): Uint8Array => {
  const kept = entries.filter((e) => !REWRITTEN.includes(e.tag));
  const count = kept.length + 4;
  const extrasAt = 8 + 2 + count * 12 + 4;
  const extras = kept.reduce((sum, e) => sum + (e.size > 4 ? e.size + (e.size % 2) : 0), 0);
  const pixelsAt = extrasAt + extras;
  const out = new Uint8Array(pixelsAt + pixels.length);
  const view = new DataView(out.buffer);
  const sourceView = new DataView(source.buffer, source.byteOffset, source.byteLength);
  out.set(source.subarray(0, 4));
  view.setUint32(4, 8, le);
  view.setUint16(8, count, le);
  const added = [
    { tag: 259, value: 1 },
    { tag: 273, value: pixelsAt },
    { tag: 278, value: height },
    { tag: 279, value: pixels.length },
  ];
  const rows = [...kept.map((e) => ({ tag: e.tag, e })), ...added].sort((a, b) => a.tag - b.tag);
  let extraAt = extrasAt;
  rows.forEach((row, i) => {
    const at = 10 + i * 12;
    view.setUint16(at, row.tag, le);
    if ('e' in row) {
      const { e } = row;
      view.setUint16(at + 2, e.type, le);
      view.setUint32(at + 4, e.count, le);
      if (e.size <= 4) out.set(source.subarray(e.at + 8, e.at + 12), at + 8);
      else {
        const from = sourceView.getUint32(e.at + 8, le);
        if (from + e.size > source.length) throw unreadable();
        out.set(source.subarray(from, from + e.size), extraAt);
        view.setUint32(at + 8, extraAt, le);
        extraAt += e.size + (e.size % 2);
      }
    } else {
      view.setUint16(at + 2, 4, le);
      view.setUint32(at + 4, 1, le);
      view.setUint32(at + 8, row.value, le);
    }
  });
  out.set(pixels, pixelsAt);
  return out;
};
