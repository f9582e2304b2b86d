import { Buffer } from 'node:buffer';
import { simpleParser } from 'mailparser';
import type { ParsedMail } from 'mailparser';
import { parseFailure } from '../types';
import { traceMessage } from '../../../../schemas/trace-messages';
import type { AttachmentPart } from './email-attachments';

/** The body of a message: its text and HTML parts and every attached or inline part. */
export interface EmailBody {
  text: string;
  html: string | null;
  attachments: AttachmentPart[];
}

/**
 * MIME parts read at most in one message. Past MAX_ATTACHMENTS the extra attachments are only
 * counted for a warning; past this the message is refused rather than read for minutes.
 */
export const MAX_MIME_PARTS = 10_000;

/**
 * mailparser does only the MIME work: no HTML-to-text (ours is shared with the HTML parser and
 * bounded), no text-to-HTML, no checksums, and `cid:` links left as they are, since the images are
 * returned as inline attachments with their content id (inlining them as data: URLs would carry
 * every image twice).
 */
const OPTIONS = {
  skipHtmlToText: true,
  skipTextToHtml: true,
  skipTextLinks: true,
  skipImageLinks: true,
  keepCidLinks: true,
  checksumAlgo: false,
  maxChildNodes: MAX_MIME_PARTS,
} as const;

/**
 * Reads the body of any MIME message with mailparser's simpleParser: multipart trees, forwarded
 * message/rfc822 parts, delivery reports, every transfer encoding and charset it knows.
 *
 * @example
 *   const body = await readMimeBody(bytes); // { text, html, attachments }
 */
export const readMimeBody = async (bytes: Uint8Array): Promise<EmailBody> => {
  let mail: ParsedMail;
  try {
    mail = await simpleParser(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), OPTIONS);
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'EMAXLEN') {
      throw parseFailure(
        'EMAIL_TOO_MANY_PARTS',
        traceMessage('parseEmailTooManyParts', { max: MAX_MIME_PARTS }),
      );
    }
    throw parseFailure('EMAIL_DAMAGED', traceMessage('parseEmailDamaged'));
  }
  return {
    text: mail.text ?? '',
    html: typeof mail.html === 'string' && mail.html !== '' ? mail.html : null,
    attachments: mail.attachments.map((attachment) => {
      const part: AttachmentPart = {
        filename: attachment.filename ?? null,
        mime: attachment.contentType,
        bytes: attachment.content,
        // an image a multipart/related body shows by its content id is inline whatever its disposition
        inline: attachment.contentDisposition === 'inline' || attachment.related === true,
      };
      if (attachment.cid) part.contentId = attachment.cid;
      return part;
    }),
  };
};
