// The OCR engine: tesseract.js workers, one per language string, their language data, time limit
// and the second pass of a page that read nothing. The images are checked and made readable in
// image-input.ts.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';
import { OCR_LANGUAGES } from '../../../../schemas/extractor-settings';
import { ParseError, parseFailure, type OcrEngine } from '../types';
import { traceMessage } from '../../../../schemas/trace-messages';
import { prepare, toPng, unreadable } from './image-input';

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
