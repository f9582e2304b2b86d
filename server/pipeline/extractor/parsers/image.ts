import { imageSize } from 'image-size';
import { EXTENSIONS_BY_FAMILY } from '../../../../schemas/extractor-settings';
import { parseFailure, type Parser } from '../types';
import { traceMessage, type TraceMessage } from '../../../../schemas/trace-messages';

/** Image formats read here, as image-size names them, and the extensions each usually carries. */
const FORMATS: Record<string, readonly string[]> = {
  jpg: ['jpg', 'jpeg'],
  png: ['png'],
  gif: ['gif'],
  tiff: ['tif', 'tiff'],
  bmp: [],
};

/** The OCR languages of image attachments: French documents with English words mixed in. */
const LANGUAGES = 'fra+eng';

const readSize = (bytes: Uint8Array): { format: string; width: number; height: number } => {
  try {
    const { type = '', width, height } = imageSize(bytes);
    if (type in FORMATS && width > 0 && height > 0) return { format: type, width, height };
  } catch {
    // image-size throws on bytes it does not recognise; answered below.
  }
  throw parseFailure('NOT_AN_IMAGE', traceMessage('parseNotImage'));
};

/**
 * Images: dimensions from the file header (no EXIF is read or kept), then the text by OCR unless
 * the image is below the minimum size or OCR is turned off. A file whose bytes are not an image of
 * these formats is refused, whatever its extension says.
 *
 * @example
 *   const out = await imageParser.parse({ filename: 'scan.tif', bytes }, context);
 *   out.pages[0].text; // the OCR text
 */
export const imageParser: Parser<'image'> = {
  family: 'image',
  extensions: EXTENSIONS_BY_FAMILY.image,
  async parse({ filename, bytes }, { options, ocr, signal }) {
    const { format, width, height } = readSize(bytes);
    const metadata = { format, width, height };
    const warnings: TraceMessage[] = [];
    const extension = filename.toLowerCase().split('.').pop() ?? '';
    if (!FORMATS[format].includes(extension)) {
      warnings.push(traceMessage('warnImageFormat', { format: format.toUpperCase(), extension }));
    }
    const empty = { pages: [{ text: '', ocr: false }], attachments: [], metadata };
    if (width < options.minWidth || height < options.minHeight) {
      warnings.push(
        traceMessage('warnImageTooSmall', {
          width,
          height,
          minWidth: options.minWidth,
          minHeight: options.minHeight,
        }),
      );
      return { ...empty, warnings };
    }
    if (!options.ocr) {
      warnings.push(traceMessage('warnOcrOff'));
      return { ...empty, warnings };
    }
    signal.throwIfAborted();
    const { text, confidence } = await ocr.recognize(bytes, LANGUAGES);
    return {
      pages: [{ text: text.trim(), ocr: true }],
      attachments: [],
      metadata: { ...metadata, ocrConfidence: Math.round(confidence) },
      warnings,
    };
  },
};
