import { traceMessage, type TraceMessage } from '../../../../schemas/trace-messages';
import { Buffer } from 'node:buffer';
import type { ParseOutput, Parser, RawAttachment } from '../types';
import { decodeHtmlBytes } from './email-html-charset';
import { htmlToText } from './email-html-text';
import { assertNotBlank } from './email-message';
import { extensionForMime } from './email-mime-types';

/** More embedded images than this in one page are left out (with a warning). */
export const MAX_DATA_IMAGES = 1000;

const DATA_URL = /^data:([^,;]*)((?:;[^,;]*)*),(.*)$/is;

/** The image a `data:` URL holds, or null when it is not an image or cannot be decoded. */
const dataUrlImage = (url: string): { mime: string; bytes: Uint8Array } | null => {
  const match = DATA_URL.exec(url);
  if (!match) return null;
  const mime = match[1].trim().toLowerCase();
  if (!mime.startsWith('image/')) return null;
  const base64 = /;\s*base64\s*$/i.test(match[2]);
  try {
    const bytes = base64
      ? Buffer.from(match[3].replace(/\s+/g, ''), 'base64')
      : Buffer.from(decodeURIComponent(match[3]), 'utf8');
    return bytes.length > 0 ? { mime, bytes } : null;
  } catch {
    return null;
  }
};

const imagesOf = (urls: string[], warnings: TraceMessage[]): RawAttachment[] => {
  const images: RawAttachment[] = [];
  for (const url of urls) {
    const image = dataUrlImage(url);
    if (!image) continue;
    if (images.length >= MAX_DATA_IMAGES) {
      warnings.push(traceMessage('warnDataImagesLimit', { max: MAX_DATA_IMAGES }));
      break;
    }
    const filename = `image-${images.length + 1}.${extensionForMime(image.mime)}`;
    images.push({ filename, mime: image.mime, bytes: image.bytes, inline: true });
  }
  return images;
};

/**
 * An HTML page: decoded by its declared charset (or detected), its visible text as one page (no
 * script or style; block elements on their own lines; table rows as lines of tab-separated cells),
 * its `<title>` as metadata, and, when `extractImages` is on, its `data:` images as attachments.
 *
 * @example
 *   const { pages, metadata } = await htmlParser.parse({ filename: 'a.html', bytes }, context);
 */
export const htmlParser: Parser<'text'> = {
  family: 'text',
  extensions: ['html'],
  parse: async (input, context): Promise<ParseOutput> => {
    assertNotBlank(input.bytes, 'parseHtmlEmpty');
    context.signal.throwIfAborted();
    const { text: html, charset } = decodeHtmlBytes(input.bytes);
    const extractImages = context.options.extractImages;
    const content = htmlToText(html, { dataImages: extractImages });
    const warnings: TraceMessage[] = [];
    const metadata: ParseOutput['metadata'] = { charset };
    if (content.title) metadata.title = content.title;
    return {
      pages: [{ text: content.text, ocr: false }],
      attachments: extractImages ? imagesOf(content.dataImages, warnings) : [],
      metadata,
      warnings,
    };
  },
};
