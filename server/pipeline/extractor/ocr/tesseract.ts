import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Unzlib } from 'fflate';
import { imageSize } from 'image-size';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';
import { OCR_LANGUAGES } from '../../../../schemas/extractor-settings';
import { ParseError, parseFailure, type OcrEngine } from '../types';
import { traceMessage } from '../../../../schemas/trace-messages';

export interface TesseractOcrOptions {
  /** A recognition running longer ends its worker: a hostile image must not hold a worker for ever. */
  timeoutMs?: number;
  /** Larger images are refused: tesseract keeps several bytes per pixel in its 32-bit heap. */
  maxPixels?: number;
}

export type TesseractOcr = OcrEngine & { terminate(): Promise<void> };

/** One worker per language string; its queue runs one recognition at a time. */
interface Lane {
  queue: Promise<unknown>;
  worker?: Promise<Worker>;
}

const unreadable = () => parseFailure('NOT_AN_IMAGE', traceMessage('parseNotImage'));

/**
 * OCR with tesseract.js and the language data of the installed @tesseract.js-data packages: nothing
 * is downloaded, nothing cached on disk. Workers start on first use, one per language string, and
 * stay until `terminate()`. Pages are segmented like the tesseract command line (automatic layout,
 * so rotated pages and headings are read); when that finds nothing, one more pass reads the image as
 * a single block of text.
 *
 * @example
 *   const ocr = createTesseractOcr();
 *   const { text, confidence } = await ocr.recognize(pngBytes, 'fra+eng');
 *   await ocr.terminate();
 */
export const createTesseractOcr = ({
  timeoutMs = 120_000,
  maxPixels = 40_000_000,
}: TesseractOcrOptions = {}): TesseractOcr => {
  const lanes = new Map<string, Lane>();
  let langDir: string | undefined;
  // Also on a plain process exit, so that an engine nobody terminated leaves no folder behind.
  const removeLangDir = () => {
    if (langDir) fs.rmSync(langDir, { recursive: true, force: true });
    langDir = undefined;
  };

  const startWorker = async (languages: string): Promise<Worker> => {
    if (!langDir) {
      langDir = languageFolder();
      process.once('exit', removeLangDir);
    }
    const worker = await createWorker(languages, OEM.LSTM_ONLY, {
      langPath: langDir,
      cacheMethod: 'none',
      gzip: true,
      // Without a handler tesseract.js throws a failed job's error from its message listener.
      errorHandler: () => undefined,
    });
    await worker.setParameters({ tessedit_pageseg_mode: PSM.AUTO });
    return worker;
  };

  const dropWorker = (lane: Lane) => {
    const worker = lane.worker;
    lane.worker = undefined;
    void worker?.then((w) => w.terminate()).catch(() => undefined);
  };

  const withTimeout = async <T>(lane: Lane, work: Promise<T>): Promise<T> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        dropWorker(lane);
        reject(parseFailure('OCR_TIMEOUT', traceMessage('parseOcrTimeout', { seconds: timeoutMs / 1000 })));
      }, timeoutMs);
    });
    try {
      return await Promise.race([work, timeout]);
    } finally {
      clearTimeout(timer);
    }
  };

  const readOnce = async (lane: Lane, languages: string, image: Uint8Array) => {
    lane.worker ??= startWorker(languages);
    const worker = await lane.worker.catch((error: unknown) => {
      lane.worker = undefined;
      throw error;
    });
    const first = await worker.recognize(Buffer.from(image));
    if (first.data.text.trim() !== '') return first.data;
    // Automatic layout drops a lone word in a noisy picture; a single block reads it, but only a
    // confident reading is kept, so a photo without text does not turn into noise.
    await worker.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_BLOCK });
    try {
      const block = await worker.recognize(Buffer.from(image));
      return block.data.confidence >= 70 ? block.data : first.data;
    } finally {
      await worker.setParameters({ tessedit_pageseg_mode: PSM.AUTO });
    }
  };

  const read = async (lane: Lane, languages: string, image: Uint8Array, original: Uint8Array) => {
    try {
      return await withTimeout(lane, readOnce(lane, languages, image));
    } catch (error) {
      if (error instanceof ParseError) throw error;
      if (!/read image/i.test(String(error))) {
        // An unknown failure may leave the worker's heap in any state: the next call starts afresh.
        dropWorker(lane);
        throw error;
      }
      // Leptonica lacks some codecs (GIF variants, WebP…): decode with skia and hand over a PNG.
      const png = await toPng(original);
      try {
        return await withTimeout(lane, readOnce(lane, languages, png));
      } catch (again) {
        if (/read image/i.test(String(again))) throw unreadable();
        throw again;
      }
    }
  };

  return {
    async recognize(image, languages) {
      const key = checkLanguages(languages);
      const prepared = prepare(image, maxPixels);
      const lane = lanes.get(key) ?? { queue: Promise.resolve() };
      lanes.set(key, lane);
      const result = lane.queue.then(() => read(lane, key, prepared, image));
      lane.queue = result.catch(() => undefined);
      const data = await result;
      return { text: data.text, confidence: data.confidence };
    },
    async terminate() {
      const all = [...lanes.values()];
      lanes.clear();
      await Promise.all(all.map((lane) => lane.queue));
      await Promise.all(all.map((lane) => lane.worker?.then((w) => w.terminate()).catch(() => undefined)));
      process.off('exit', removeLangDir);
      removeLangDir();
    },
  };
};

const checkLanguages = (languages: string): string => {
  const codes = languages.split('+');
  const known: readonly string[] = OCR_LANGUAGES;
  if (codes.length === 0 || codes.some((code) => !known.includes(code))) {
    throw new Error(`Unsupported OCR languages "${languages}" (available: ${OCR_LANGUAGES.join(', ')})`);
  }
  return codes.join('+');
};

/**
 * tesseract.js reads every language from one folder, and each language is its own npm package: a
 * temporary folder links the packages' LSTM models (the `best_int` data tesseract.js itself uses).
 */
const languageFolder = (): string => {
  const require = createRequire(import.meta.url);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessdata-'));
  for (const code of OCR_LANGUAGES) {
    const pkg = path.dirname(require.resolve(`@tesseract.js-data/${code}/package.json`));
    const file = `${code}.traineddata.gz`;
    const source = path.join(pkg, '4.0.0_best_int', file);
    try {
      fs.symlinkSync(source, path.join(dir, file));
    } catch {
      fs.copyFileSync(source, path.join(dir, file));
    }
  }
  return dir;
};

/** Checks the size before tesseract allocates anything, and rewrites what leptonica cannot decode. */
const prepare = (image: Uint8Array, maxPixels: number): Uint8Array => {
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

const toPng = async (image: Uint8Array): Promise<Uint8Array> => {
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
