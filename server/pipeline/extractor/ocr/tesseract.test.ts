import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusBytes } from '../test-support/corpus';
import { ParseError } from '../types';
import { createTesseractOcr, type TesseractOcr } from './tesseract';

const failure = async (promise: Promise<unknown>): Promise<ParseError> => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ParseError);
  return error as ParseError;
};

const tessdataFolders = () => fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith('tessdata-'));

/** The PNG signature and an IHDR chunk declaring `width` × `height`, and nothing else. */
const pngHeader = (width: number, height: number) => {
  const bytes = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes);
  bytes.writeUInt32BE(13, 8);
  bytes.write('IHDR', 12, 'latin1');
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  bytes.set([8, 0, 0, 0, 0], 24);
  return new Uint8Array(bytes);
};

describe('createTesseractOcr', () => {
  let ocr: TesseractOcr;
  beforeAll(() => {
    ocr = createTesseractOcr();
  });
  afterAll(async () => {
    await ocr.terminate();
  });

  it('reads a page with the offline English data and gives the mean word confidence', async () => {
    const { text, confidence } = await ocr.recognize(corpusBytes('image/phototest.tif'), 'eng');
    expect(text).toMatch(/^This is a lot of 12 point text to test the\nocr code/);
    expect(confidence).toBeGreaterThan(80);
    expect(confidence).toBeLessThanOrEqual(100);
  }, 60_000);

  it('reads French accents with fra, and fra+eng together', async () => {
    const page = corpusBytes('image/eurotext.tif');
    for (const languages of ['fra', 'fra+eng']) {
      const { text } = await ocr.recognize(page, languages);
      expect(text.replace(/\s+/g, ' '), languages).toContain(
        'Le renard brun «rapide» saute par-dessus le chien paresseux.',
      );
    }
  }, 60_000);

  it('refuses a language whose data is not installed', async () => {
    await expect(ocr.recognize(corpusBytes('image/phototest.tif'), 'deu')).rejects.toThrow(
      /Unsupported OCR languages "deu"/,
    );
    await expect(ocr.recognize(corpusBytes('image/phototest.tif'), 'fra+')).rejects.toThrow(/Unsupported/);
  });

  it('links the language data from the installed packages into a temporary folder, removed by terminate', async () => {
    const own = createTesseractOcr();
    const before = tessdataFolders();
    await own.recognize(corpusBytes('image/HelloGoogle.tif'), 'eng');
    const created = tessdataFolders()
      .filter((name) => !before.includes(name))
      .map((name) => path.join(os.tmpdir(), name));
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const folder of created) {
      for (const code of ['eng', 'fra']) {
        const target = fs.realpathSync(path.join(folder, `${code}.traineddata.gz`));
        expect(target).toMatch(new RegExp(`node_modules/@tesseract\\.js-data/${code}/4\\.0\\.0_best_int/`));
      }
    }
    await own.terminate();
    // Test files run in parallel: another engine may have made a folder meanwhile, and keeps it.
    expect(created.filter((folder) => !fs.existsSync(folder)).length).toBeGreaterThanOrEqual(1);
  }, 60_000);

  it('rewrites a deflate-compressed TIFF, which the leptonica of tesseract.js cannot decode', async () => {
    const tiff = corpusBytes('image/HelloGoogle.tif');
    const view = Buffer.from(tiff);
    const ifd = view.readUInt32LE(4);
    const tags = Array.from({ length: view.readUInt16LE(ifd) }, (_, i) => ifd + 2 + i * 12);
    const compression = tags.find((at) => view.readUInt16LE(at) === 259)!;
    expect(view.readUInt16LE(compression + 8)).toBe(8); // Adobe deflate
    expect((await ocr.recognize(tiff, 'eng')).text.trim()).toBe('Hello Google');
  }, 60_000);

  it('reads the first frame of an animated GIF', async () => {
    const { text } = await ocr.recognize(corpusBytes('image/textract-raw_text.gif'), 'fra+eng');
    expect(text.trim()).toBe('TEXT');
  }, 60_000);

  it('hands tesseract a PNG when its own decoders cannot read the image (AVIF)', async () => {
    const png = await loadImage(Buffer.from(corpusBytes('image/textract-raw_text.png')));
    const canvas = createCanvas(png.width, png.height);
    canvas.getContext('2d').drawImage(png, 0, 0);
    const avif = new Uint8Array(await canvas.encode('avif'));
    expect(String.fromCharCode(...avif.subarray(4, 12))).toBe('ftypavif');
    // Lossy AVIF blurs a letter or two; the first line stays legible.
    expect((await ocr.recognize(avif, 'eng')).text).toMatch(/^abcdefghijkl\n/);
  }, 60_000);

  it('serialises concurrent calls on one worker and gives each its own result', async () => {
    const [hello, photo, again] = await Promise.all([
      ocr.recognize(corpusBytes('image/HelloGoogle.tif'), 'eng'),
      ocr.recognize(corpusBytes('image/phototest.tif'), 'eng'),
      ocr.recognize(corpusBytes('image/HelloGoogle.tif'), 'eng'),
    ]);
    expect(hello.text.trim()).toBe('Hello Google');
    expect(photo.text).toMatch(/^This is a lot/);
    expect(again.text.trim()).toBe('Hello Google');
  }, 60_000);

  it('reuses a started worker: a second call skips the start-up', async () => {
    const own = createTesseractOcr();
    const page = corpusBytes('image/HelloGoogle.tif');
    const first = performance.now();
    await own.recognize(page, 'eng');
    const firstMs = performance.now() - first;
    const second = performance.now();
    await own.recognize(page, 'eng');
    const secondMs = performance.now() - second;
    await own.terminate();
    expect(secondMs).toBeLessThan(firstMs);
  }, 60_000);

  it('refuses bytes that are no image, and images whose pixels cannot be decoded', async () => {
    for (const bytes of [
      new Uint8Array(0),
      new TextEncoder().encode('plain text'),
      new Uint8Array([...pngHeader(10, 10), ...new TextEncoder().encode('no pixels here')]),
      corpusBytes('image/textract-raw_text.jpg').subarray(0, 300),
    ]) {
      const error = await failure(ocr.recognize(bytes, 'eng'));
      expect(error).toMatchObject({ message: 'The file is not a readable image', code: 'NOT_AN_IMAGE' });
    }
  }, 60_000);

  it('refuses an image too large to read before tesseract allocates its pixels', async () => {
    const error = await failure(ocr.recognize(pngHeader(100_000, 100_000), 'eng'));
    expect(error.code).toBe('IMAGE_TOO_LARGE');
    expect(error.message).toBe(
      'The image is too large to read (100000×100000 pixels; the limit is 40 megapixels)',
    );
  });

  it('ends a recognition that runs past its time limit; the next call does not wait on the ended worker', async () => {
    const slow = createTesseractOcr({ timeoutMs: 1 });
    for (let call = 0; call < 2; call++) {
      const error = await failure(slow.recognize(corpusBytes('image/phototest.tif'), 'eng'));
      expect(error).toMatchObject({ code: 'OCR_TIMEOUT', message: 'OCR took longer than 0.001 s' });
    }
    await slow.terminate();
  }, 60_000);

  it('starts a new worker after terminate', async () => {
    const own = createTesseractOcr();
    await own.recognize(corpusBytes('image/HelloGoogle.tif'), 'eng');
    await own.terminate();
    expect((await own.recognize(corpusBytes('image/HelloGoogle.tif'), 'eng')).text.trim()).toBe(
      'Hello Google',
    );
    await own.terminate();
  }, 60_000);
});
