import type { EmailOptions, TextOptions } from '../../../../schemas/extractor-settings';
import type { OcrEngine, ParseContext, SpeechEngine } from '../types';

/** Engines the e-mail and HTML parsers must never call: a call fails the test that made it. */
const ocr: OcrEngine = {
  recognize: () => {
    throw new Error('the OCR engine was called');
  },
};
const speech: SpeechEngine = {
  transcribe: () => {
    throw new Error('the speech engine was called');
  },
};

export const DEFAULT_EMAIL_OPTIONS: EmailOptions = {
  extractAttachments: true,
  extractHtml: true,
  conversationThread: false,
  ignoredExtensions: [],
  headers: [],
};

/** A ParseContext for the e-mail parsers in tests, with the schema's defaults unless overridden. */
export const emailContext = (
  options: Partial<EmailOptions> = {},
  signal: AbortSignal = new AbortController().signal,
): ParseContext<'email'> => ({ options: { ...DEFAULT_EMAIL_OPTIONS, ...options }, signal, ocr, speech });

/** A ParseContext for the HTML parser in tests. */
export const textContext = (options: Partial<TextOptions> = {}): ParseContext<'text'> => ({
  options: { extractImages: false, ...options },
  signal: new AbortController().signal,
  ocr,
  speech,
});
