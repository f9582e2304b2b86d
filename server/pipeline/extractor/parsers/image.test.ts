import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImageOptions } from '../../../../schemas/extractor-settings';
import { createTesseractOcr, type TesseractOcr } from '../ocr/tesseract';
import { corpusBytes, corpusEntries, squash, type CorpusEntry } from '../test-support/corpus';
import { ParseError, type OcrEngine, type ParseContext, type ParseOutput } from '../types';
import { recordingOcr } from './document-fixtures';
import { imageParser } from './image';
import { said } from '../test-support/warnings';

const DEFAULTS: ImageOptions = { minWidth: 50, minHeight: 50, ocr: true };

const context = (ocr: OcrEngine, options: Partial<ImageOptions> = {}): ParseContext<'image'> => ({
  options: { ...DEFAULTS, ...options },
  signal: new AbortController().signal,
  ocr,
  speech: null,
});

const failure = async (promise: Promise<unknown>): Promise<ParseError> => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ParseError);
  return error as ParseError;
};

const lower = (out: ParseOutput) => out.pages[0].text.toLowerCase();

type FactCheck = (out: ParseOutput, value: unknown) => void;

/** Every fact key of the image files is checked here or listed in UNCHECKED with the reason. */
const FACT_CHECKS: Record<string, FactCheck> = {
  width: (out, value) => expect(out.metadata.width).toBe(value),
  height: (out, value) => expect(out.metadata.height).toBe(value),
  visible_words: (out, words) => {
    for (const word of words as string[]) expect(lower(out), word).toContain(word.toLowerCase());
  },
  ocr_text_starts: (out, start) => {
    const expected = String(start).toLowerCase();
    expect(squash(lower(out)).slice(0, expected.length)).toBe(expected);
  },
  /** The upstream expected output, compared without its spaces: OCR may glue "IS A" into "ISA". */
  ocr_text: (out, text) =>
    expect(lower(out).replace(/\s+/g, '')).toBe(String(text).toLowerCase().replace(/\s+/g, '')),
  french_line: (out, line) => expect(squash(out.pages[0].text)).toContain(line),
  contains_email_address: (out, address) => expect(out.pages[0].text).toContain(address),
  /** The parser reads no EXIF: none of the file's EXIF values may reach the metadata. */
  exif: (out, exif) => {
    expect(Object.keys(out.metadata).sort()).toEqual(['format', 'height', 'ocrConfidence', 'width']);
    for (const value of Object.values(exif as Record<string, string>)) {
      expect(Object.values(out.metadata)).not.toContain(value);
    }
  },
};

const UNCHECKED: Record<string, string> = {
  languages: 'the languages on the page are what eurotext.tif is for; the parser does not detect languages',
  rotation: 'a description; its visible_words prove the rotated page is read',
  frames: 'the frame count is not part of the metadata; OCR reads the first frame',
  note: "about the upstream OCR; the GIF's visible_words are checked (this engine reads its one word)",
};

describe('imageParser on the corpus, with the real tesseract engine', () => {
  let ocr: TesseractOcr;
  beforeAll(() => {
    ocr = createTesseractOcr();
  });
  afterAll(async () => {
    await ocr.terminate();
  });

  const entries = corpusEntries('image');
  it('covers the 8 images of the corpus', () => expect(entries).toHaveLength(8));

  it.each(entries.map((entry) => [entry.file, entry] as [string, CorpusEntry]))(
    '%s: the manifest facts hold',
    async (file, entry) => {
      const out = await imageParser.parse({ filename: file, bytes: corpusBytes(file) }, context(ocr));
      expect(out.pages).toHaveLength(1);
      expect(out.pages[0].ocr).toBe(true);
      expect(said(out.warnings)).toEqual([]);
      expect(out.metadata.ocrConfidence).toBeGreaterThan(50);
      for (const [key, value] of Object.entries(entry.facts)) {
        if (key in UNCHECKED) continue;
        expect(FACT_CHECKS[key], `a check for the fact "${key}"`).toBeDefined();
        FACT_CHECKS[key](out, value);
      }
    },
    60_000,
  );
});

describe('imageParser options and refusals', () => {
  const tif = corpusBytes('image/HelloGoogle.tif'); // 400 × 200

  it('reads the text through context.ocr in French and English', async () => {
    const engine = recordingOcr();
    const out = await imageParser.parse({ filename: 'hello.tif', bytes: tif }, context(engine));
    expect(engine.calls).toEqual([{ image: tif, languages: 'fra+eng' }]);
    expect(out).toEqual({
      pages: [{ text: 'OCR text of call 1', ocr: true }],
      attachments: [],
      metadata: { format: 'tiff', width: 400, height: 200, ocrConfidence: 90 },
      warnings: [],
    });
  });

  it('below minWidth or minHeight: no OCR, one empty page and a warning', async () => {
    for (const options of [{ minWidth: 401 }, { minHeight: 201 }]) {
      const engine = recordingOcr();
      const out = await imageParser.parse({ filename: 'hello.tif', bytes: tif }, context(engine, options));
      expect(engine.calls).toEqual([]);
      expect(out.pages).toEqual([{ text: '', ocr: false }]);
      expect(said(out.warnings)).toHaveLength(1);
      expect(said(out.warnings)[0]).toMatch(/^The image is smaller than the minimum \(400×200 pixels/);
      expect(out.metadata).toMatchObject({ width: 400, height: 200 });
    }
  });

  it('an image exactly at the minimum size is read', async () => {
    const engine = recordingOcr();
    await imageParser.parse(
      { filename: 'hello.tif', bytes: tif },
      context(engine, { minWidth: 400, minHeight: 200 }),
    );
    expect(engine.calls).toHaveLength(1);
  });

  it('ocr false: no OCR, one empty page and a warning', async () => {
    const engine = recordingOcr();
    const out = await imageParser.parse(
      { filename: 'hello.tif', bytes: tif },
      context(engine, { ocr: false }),
    );
    expect(engine.calls).toEqual([]);
    expect(out.pages).toEqual([{ text: '', ocr: false }]);
    expect(said(out.warnings)).toEqual(['OCR is turned off for images: no text was read']);
  });

  it('an image whose extension names another image format is read, with a warning', async () => {
    const out = await imageParser.parse(
      { filename: 'photo.jpg', bytes: corpusBytes('image/textract-raw_text.png') },
      context(recordingOcr()),
    );
    expect(out.metadata.format).toBe('png');
    expect(said(out.warnings)).toEqual(['The file is a PNG image although its name ends in .jpg']);
  });

  it('refuses bytes that are not a readable image, whatever the extension says', async () => {
    const notImages: [string, Uint8Array][] = [
      ...imageParser.extensions.map((ext): [string, Uint8Array] => [`empty.${ext}`, new Uint8Array(0)]),
      ['report.png', corpusBytes(corpusEntries('pdf')[0].file)],
      ['notes.jpg', new TextEncoder().encode('These are not the pixels you are looking for.')],
      [
        'logo.png',
        new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="80" height="80"/>'),
      ],
      ['truncated.gif', new TextEncoder().encode('GIF89a')],
    ];
    for (const [filename, bytes] of notImages) {
      const engine = recordingOcr();
      const error = await failure(imageParser.parse({ filename, bytes }, context(engine)));
      expect(error.message, filename).toBe('The file is not a readable image');
      expect(engine.calls).toEqual([]);
    }
  });

  it('stops before OCR when the analysis is aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const engine = recordingOcr();
    const run = imageParser.parse(
      { filename: 'hello.tif', bytes: tif },
      { ...context(engine), signal: controller.signal },
    );
    await expect(run).rejects.toThrow(/abort/i);
    expect(engine.calls).toEqual([]);
  });
});
