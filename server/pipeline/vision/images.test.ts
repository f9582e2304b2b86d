import { describe, expect, it } from 'vitest';
import { inEnglish } from '../../../schemas/trace-messages';
import { corpusBytes } from '../extractor/test-support/corpus';
import type { PipelineInput } from '../stage';
import { VISION_BOUNDS, visionImages, visionText } from './images';

const file = (path: string): Extract<PipelineInput, { kind: 'file' }> => ({
  kind: 'file',
  name: path,
  filename: path.split('/').pop()!,
  bytes: corpusBytes(path),
  metadata: {},
});
const signal = new AbortController().signal;

describe('the images the vision engine sends', () => {
  it('renders a PDF page by page up to its bound, and says how many pages were left out, by code', async () => {
    const { images, warnings } = await visionImages(file('pdf/fr_olap.pdf'), null, {}, signal);
    expect(images).toHaveLength(VISION_BOUNDS.images);
    expect(images[0].label).toBe('fr_olap.pdf, page 1');
    expect(images.every((i) => i.dataUrl.startsWith('data:image/png;base64,'))).toBe(true);
    expect(warnings).toEqual([
      { code: 'visionImagesNotSent', params: { smart_count: 4, images: 8, megabytes: 20 } },
    ]);
    expect(warnings.map(inEnglish)).toEqual([
      '4 page images were not sent: the vision engine sends at most 8 images and 20 MB',
    ]);
    expect(inEnglish({ ...warnings[0], params: { ...warnings[0].params, smart_count: 1 } })).toBe(
      '1 page image was not sent: the vision engine sends at most 8 images and 20 MB',
    );
  });

  it('sends an image input as it is, and nothing for a file that has no pages to see', async () => {
    const png = await visionImages(file('image/textract-raw_text.png'), null, {}, signal);
    expect(png.images).toEqual([
      {
        label: 'textract-raw_text.png',
        dataUrl: `data:image/png;base64,${Buffer.from(corpusBytes('image/textract-raw_text.png')).toString('base64')}`,
      },
    ]);
    const damaged = await visionImages(
      { ...file('pdf/minimal-document.pdf'), bytes: new TextEncoder().encode('%PDF-1.7 not really') },
      null,
      {},
      signal,
    );
    expect(damaged.images).toEqual([]);
    // pdf.js's words are only the detail of a sentence said by code.
    expect(damaged.warnings).toEqual([
      {
        code: 'visionPagesNotRendered',
        params: { filename: 'minimal-document.pdf', detail: expect.any(String) },
      },
    ]);
    expect(inEnglish(damaged.warnings[0])).toMatch(
      /^minimal-document\.pdf: its pages could not be rendered \(.+\)$/,
    );
  });

  it('cuts the text it sends beside the images', () => {
    const long = visionText({ kind: 'text', name: 'n', text: 'a'.repeat(30_000), metadata: {} }, null);
    expect(long).toEqual({ text: 'a'.repeat(VISION_BOUNDS.textCharacters), cut: true });
  });
});
