import { traceMessage, type TraceMessage } from '../../../../schemas/trace-messages';
import type { EmailOptions } from '../../../../schemas/extractor-settings';
import type { RawAttachment } from '../types';
import { extensionForMime, extensionOf } from './email-mime-types';

/** More attachments than this in one message are left out (with a warning). */
export const MAX_ATTACHMENTS = 1000;

/** An attached or inline part as a message carries it: the name may be missing. */
export interface AttachmentPart {
  filename: string | null;
  mime: string;
  bytes: Uint8Array;
  inline: boolean;
  contentId?: string;
}

const MESSAGE_TYPES = new Set(['message/rfc822', 'message/global']);

/** A file name without any folder a sender's client left in it (`C:\Users\x\a.pdf` → `a.pdf`). */
const baseName = (filename: string): string =>
  filename
    .slice(Math.max(filename.lastIndexOf('/'), filename.lastIndexOf('\\')) + 1)
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u001f]/g, '')
    .trim();

/**
 * Names a part: its own name, or `attachment-N.<ext>` from its type. A forwarded message always ends
 * in `.eml`, so the extractor stage parses it with the e-mail parser.
 */
export const attachmentName = (part: AttachmentPart, position: number): string => {
  const mime = part.mime.toLowerCase();
  const given = part.filename ? baseName(part.filename) : '';
  const name = given || `attachment-${position}.${extensionForMime(mime)}`;
  return MESSAGE_TYPES.has(mime) && extensionOf(name) !== 'eml' ? `${name}.eml` : name;
};

/**
 * The attachments a message yields under the e-mail options: none when extraction is off, not those
 * of an ignored extension, at most MAX_ATTACHMENTS; every part left out is named in a warning.
 */
export const selectAttachments = (
  parts: AttachmentPart[],
  options: Pick<EmailOptions, 'extractAttachments' | 'ignoredExtensions'>,
  warnings: TraceMessage[],
): RawAttachment[] => {
  if (parts.length === 0) return [];
  if (!options.extractAttachments) {
    warnings.push(traceMessage('warnAttachmentsOff', { smart_count: parts.length }));
    return [];
  }
  const ignored = new Set(options.ignoredExtensions.map((extension) => extension.toLowerCase()));
  const kept: RawAttachment[] = [];
  let overLimit = 0;
  parts.forEach((part, index) => {
    const filename = attachmentName(part, index + 1);
    const extension = extensionOf(filename);
    if (ignored.has(extension)) {
      warnings.push(traceMessage('warnAttachmentIgnored', { filename, extension }));
      return;
    }
    if (kept.length >= MAX_ATTACHMENTS) {
      overLimit += 1;
      return;
    }
    const attachment: RawAttachment = { filename, mime: part.mime, bytes: part.bytes, inline: part.inline };
    if (part.contentId) attachment.contentId = part.contentId;
    kept.push(attachment);
  });
  if (overLimit > 0) {
    warnings.push(traceMessage('warnMessageAttachmentsLimit', { max: MAX_ATTACHMENTS, left: overLimit }));
  }
  return kept;
};
