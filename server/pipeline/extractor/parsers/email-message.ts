import type { EmailOptions } from '../../../../schemas/extractor-settings';
import type { MessageFields, ParseOutput } from '../types';
import { parseFailure } from '../types';
import { traceMessage, type TraceMessage } from '../../../../schemas/trace-messages';
import type { AttachmentPart } from './email-attachments';
import { selectAttachments } from './email-attachments';
import { htmlToText } from './email-html-text';
import { splitThread } from './email-thread';

/** HTML bodies are cut to this many characters before anything reads them. */
export const MAX_HTML_CHARS = 2 * 1024 * 1024;

/** What a message parser read, before the e-mail options shape it into a ParseOutput. */
export interface EmailParts {
  fields: Omit<MessageFields, 'text' | 'html' | 'thread'>;
  /** The plain body; '' when the message has none. */
  text: string;
  html: string | null;
  attachments: AttachmentPart[];
  warnings: TraceMessage[];
}

const WHITESPACE = new Set([0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20]);

/** Refuses a file with no content at all (zero bytes, or only spaces and line breaks). */
export const assertNotBlank = (bytes: Uint8Array, empty: 'parseEmailEmpty' | 'parseHtmlEmpty'): void => {
  if (bytes.every((byte) => WHITESPACE.has(byte))) throw parseFailure('EMPTY_FILE', traceMessage(empty));
};

/**
 * Shapes what an e-mail parser read under the e-mail options, the same way for EML and MSG: a
 * bounded HTML body, text derived from the HTML when the message has no plain text, the conversation
 * thread split off when asked for, and the attachments the options let through.
 *
 * @example
 *   assembleEmail({ fields, text: 'Hi', html: null, attachments: [], warnings: [] }, options).pages
 *   // [{ text: 'Hi', ocr: false }]
 */
export const assembleEmail = (parts: EmailParts, options: EmailOptions): ParseOutput => {
  const warnings = [...parts.warnings];
  let html = parts.html;
  if (html !== null && html.length > MAX_HTML_CHARS) {
    warnings.push(traceMessage('warnHtmlBodyCut', { megabytes: MAX_HTML_CHARS / 1024 / 1024 }));
    html = html.slice(0, MAX_HTML_CHARS);
  }
  let text = parts.text;
  if (text.trim() === '' && html) text = htmlToText(html).text;
  const thread = options.conversationThread ? splitThread(text) : null;
  if (thread) text = thread.newest;
  const message: MessageFields = {
    ...parts.fields,
    text,
    html: options.extractHtml ? html : null,
    thread: thread ? thread.earlier : [],
  };
  return {
    message,
    pages: [{ text, ocr: false }],
    attachments: selectAttachments(parts.attachments, options, warnings),
    metadata: {},
    warnings,
  };
};
