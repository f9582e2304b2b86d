import { Buffer } from 'node:buffer';
import MsgReaderModule from '@kenjiuno/msgreader';
import type { FieldsData } from '@kenjiuno/msgreader';
import type { Address, ParseContext, ParseOutput, Parser } from '../types';
import { parseFailure } from '../types';
import { traceMessage, type TraceMessage } from '../../../../schemas/trace-messages';
import type { AttachmentPart } from './email-attachments';
import {
  addressesOf,
  cleanName,
  firstHeader,
  headerRecord,
  isoDate,
  messageIdOf,
  splitHead,
} from './email-headers';
import type { HeaderField } from './email-headers';
import { decodeHtmlBytes } from './email-html-charset';
import { assembleEmail, assertNotBlank } from './email-message';
import { looksLikeCfb, mimeOf } from './media-types';

// msgreader is CommonJS with an `exports.default`: Node's ESM loader hands over the exports object.
const MsgReader =
  (MsgReaderModule as unknown as { default?: typeof MsgReaderModule }).default ?? MsgReaderModule;
type Reader = InstanceType<typeof MsgReaderModule>;

/** Windows code pages an Outlook HTML body is written in (PidTagInternetCodepage). */
const CODE_PAGES: Record<number, string> = {
  65001: 'utf-8',
  1200: 'utf-16le',
  20127: 'us-ascii',
  20866: 'koi8-r',
  21866: 'koi8-u',
  932: 'shift_jis',
  936: 'gbk',
  949: 'cp949',
  950: 'big5',
  874: 'windows-874',
  50220: 'iso-2022-jp',
  50221: 'iso-2022-jp',
  50222: 'iso-2022-jp',
  51932: 'euc-jp',
  28605: 'iso-8859-15',
};
const charsetOfCodePage = (page: number | undefined): string | null => {
  if (page === undefined) return null;
  if (page >= 1250 && page <= 1258) return `windows-${page}`;
  if (page >= 28591 && page <= 28599) return `iso-8859-${page - 28590}`;
  return CODE_PAGES[page] ?? null;
};

/** An Exchange recipient's `email` is an X.500 name, not an address: only an SMTP address is kept. */
const smtpOf = (email: string | undefined, smtp: string | undefined): string => {
  const address = smtp ?? email ?? '';
  return address.includes('@') ? address : '';
};

const senderOf = (data: FieldsData, header: HeaderField[]): Address | null => {
  const fromHeader = addressesOf(header, 'from')[0];
  const address = smtpOf(data.senderEmail, data.senderSmtpAddress);
  const name = cleanName(data.senderName ?? '');
  if (!address && !name) return fromHeader ?? null;
  return { name: name || fromHeader?.name || '', address: address || fromHeader?.address || '' };
};

const recipientsOf = (data: FieldsData, kind: 'to' | 'cc', header: HeaderField[]): Address[] => {
  const listed = (data.recipients ?? [])
    .filter((recipient) => recipient.recipType === kind)
    .map((recipient) => ({
      name: cleanName(recipient.name ?? ''),
      address: smtpOf(recipient.email, recipient.smtpAddress),
    }));
  return listed.length > 0 ? listed : addressesOf(header, kind);
};

const htmlOf = (data: FieldsData): string | null => {
  if (data.bodyHtml) return data.bodyHtml;
  if (!data.html || data.html.length === 0) return null;
  return decodeHtmlBytes(data.html, charsetOfCodePage(data.internetCodepage)).text;
};

/**
 * Every attachment with its bytes. An embedded message (msg-in-msg) stays an Outlook message: msgreader
 * writes its storage out as a `.msg` file of its own, which the stage parses with this parser, so
 * nothing of it (its own attachments included) is lost in a conversion.
 */
const attachmentsOf = (
  reader: Reader,
  data: FieldsData,
  context: ParseContext<'email'>,
  warnings: TraceMessage[],
) => {
  const parts: AttachmentPart[] = [];
  for (const entry of data.attachments ?? []) {
    context.signal.throwIfAborted();
    const label = entry.fileName ?? entry.name ?? 'an attachment';
    try {
      const { fileName, content } = reader.getAttachment(entry);
      const filename = entry.innerMsgContent
        ? fileName
        : (entry.fileName ?? entry.fileNameShort ?? fileName ?? null);
      const mime = entry.innerMsgContent
        ? 'application/vnd.ms-outlook'
        : (entry.attachMimeTag ?? mimeOf(filename ?? ''));
      const part: AttachmentPart = {
        filename,
        mime,
        bytes: content,
        inline: entry.attachmentHidden === true,
      };
      if (entry.pidContentId) part.contentId = entry.pidContentId.replace(/^<|>$/g, '');
      parts.push(part);
    } catch {
      warnings.push(traceMessage('warnMsgAttachmentUnreadable', { name: label }));
    }
  }
  return parts;
};

const read = (bytes: Uint8Array): { reader: Reader; data: FieldsData } => {
  if (!looksLikeCfb(bytes)) {
    throw parseFailure('NOT_AN_OUTLOOK_MESSAGE', traceMessage('parseNotMsg'));
  }
  let reader: Reader;
  let data: FieldsData;
  try {
    reader = new MsgReader(new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    data = reader.getFileData();
  } catch {
    throw parseFailure('MSG_DAMAGED', traceMessage('parseMsgDamaged'));
  }
  // MS-OXMSG makes the message class mandatory; a Word or Excel file (also OLE) has none
  if (data.error || data.dataType !== 'msg' || !data.messageClass) {
    throw parseFailure('NOT_AN_OUTLOOK_MESSAGE', traceMessage('parseMsgNotOutlook'));
  }
  return { reader, data };
};

/**
 * Parses an Outlook message (.msg, MS-OXMSG) with msgreader into the same shape as an EML.
 *
 * @example
 *   const output = await parseMsg(bytes, context);
 *   output.message?.to; // [{ name: 'to@example.com', address: 'to@example.com' }]
 */
export const parseMsg = async (bytes: Uint8Array, context: ParseContext<'email'>): Promise<ParseOutput> => {
  assertNotBlank(bytes, 'parseEmailEmpty');
  context.signal.throwIfAborted();
  const { reader, data } = read(bytes);
  const header = data.headers
    ? splitHead(Buffer.from(`${data.headers.trimEnd()}\r\n\r\n`, 'utf8')).fields
    : [];
  const warnings: TraceMessage[] = [];
  const fields = {
    headers: headerRecord(header, context.options.headers),
    messageId: messageIdOf(data.messageId ?? firstHeader(header, 'message-id')),
    from: senderOf(data, header),
    to: recipientsOf(data, 'to', header),
    cc: recipientsOf(data, 'cc', header),
    subject: data.subject ?? null,
    date: isoDate(data.clientSubmitTime ?? data.messageDeliveryTime) ?? isoDate(firstHeader(header, 'date')),
  };
  const text = (data.body ?? '').replace(/\r\n?/g, '\n');
  const attachments = attachmentsOf(reader, data, context, warnings);
  const output = assembleEmail({ fields, text, html: htmlOf(data), attachments, warnings }, context.options);
  output.metadata.messageClass = data.messageClass ?? '';
  if (data.votingResponse) output.metadata.votingResponse = data.votingResponse;
  return output;
};

/** Outlook message (.msg): message fields, one page with the body text, attachments and embedded messages. */
export const msgParser: Parser<'email'> = {
  family: 'email',
  extensions: ['msg'],
  parse: (input, context) => parseMsg(input.bytes, context),
};
