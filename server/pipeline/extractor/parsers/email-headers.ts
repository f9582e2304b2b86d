import { Buffer, isUtf8 } from 'node:buffer';
import { parseAddressHeader } from 'mailparser';
import type { EmailAddress } from 'mailparser';
import type { Address, MessageFields } from '../types';
import { decodeCharset } from './email-charset';
import { decodeEncodedWords } from './email-encoded-words';

/** One header field, its name in lower case and its value unfolded but not yet decoded. */
export interface HeaderField {
  name: string;
  value: string;
}

export interface MessageHead {
  fields: HeaderField[];
  /** Offset of the first body byte. */
  bodyStart: number;
}

const LF = 0x0a;

/** Where the header block ends: the first empty line (LF LF or LF CR LF), or the end of the bytes. */
const headEnd = (bytes: Buffer): { end: number; bodyStart: number } => {
  if (bytes[0] === LF) return { end: 0, bodyStart: 1 };
  if (bytes[0] === 0x0d && bytes[1] === LF) return { end: 0, bodyStart: 2 };
  for (let at = bytes.indexOf(LF); at >= 0 && at < bytes.length - 1; at = bytes.indexOf(LF, at + 1)) {
    if (bytes[at + 1] === LF) return { end: at + 1, bodyStart: at + 2 };
    if (bytes[at + 1] === 0x0d && bytes[at + 2] === LF) return { end: at + 1, bodyStart: at + 3 };
  }
  return { end: bytes.length, bodyStart: bytes.length };
};

/**
 * Reads the header block of a message (RFC 5322): unfolds continuation lines and keeps each field's
 * raw value. Header bytes are UTF-8 when they are valid UTF-8 (RFC 6532), else windows-1252. Lines
 * that are not fields (an mbox `From ` line, garbage) are skipped.
 *
 * @example
 *   splitHead(Buffer.from('Subject: hi\r\n\r\nbody')) // { fields: [{ name: 'subject', value: 'hi' }], bodyStart: 15 }
 */
export const splitHead = (bytes: Uint8Array): MessageHead => {
  const buffer = Buffer.isBuffer(bytes)
    ? bytes
    : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const { end, bodyStart } = headEnd(buffer);
  const raw = buffer.subarray(0, end);
  const text = isUtf8(raw) ? raw.toString('utf8') : decodeCharset(raw, 'windows-1252');
  const fields: HeaderField[] = [];
  for (const line of text.split(/\r?\n/)) {
    if ((line.startsWith(' ') || line.startsWith('\t')) && fields.length > 0) {
      fields[fields.length - 1].value += line;
      continue;
    }
    const colon = line.indexOf(':');
    const name = colon > 0 ? line.slice(0, colon).trim().toLowerCase() : '';
    if (/^[!-9;-~]+$/.test(name)) fields.push({ name, value: line.slice(colon + 1) });
  }
  for (const field of fields) field.value = field.value.trim();
  return { fields, bodyStart };
};

/** The first value of a header, raw (not decoded), or null. */
export const firstHeader = (fields: HeaderField[], name: string): string | null =>
  fields.find((field) => field.name === name)?.value ?? null;

/**
 * The `headers` of MessageFields: names in lower case, values with encoded words decoded, repeated
 * headers joined with ", "; only the `keep` names when that list is not empty.
 */
export const headerRecord = (fields: HeaderField[], keep: readonly string[]): Record<string, string> => {
  const wanted = new Set(keep.map((name) => name.toLowerCase()));
  const record: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const { name, value } of fields) {
    if (wanted.size > 0 && !wanted.has(name)) continue;
    const decoded = decodeEncodedWords(value);
    record[name] = name in record ? `${record[name]}, ${decoded}` : decoded;
  }
  return { ...record };
};

/** Strips the quotes some clients leave around a display name (`'Slava'`, `"Doe, John"`). */
export const cleanName = (name: string): string => {
  const trimmed = name.trim();
  const quoted = /^(['"])(.*)\1$/s.exec(trimmed);
  return (quoted ? quoted[2] : trimmed).trim();
};

const flatten = (list: EmailAddress[]): Address[] =>
  list.flatMap((entry) =>
    entry.group
      ? flatten(entry.group)
      : entry.address || entry.name
        ? [{ name: cleanName(entry.name), address: entry.address ?? '' }]
        : [],
  );

/** Every address of every occurrence of an address header (To, Cc…), groups flattened. */
export const addressesOf = (fields: HeaderField[], name: string): Address[] =>
  flatten(
    parseAddressHeader(fields.filter((field) => field.name === name).map((field) => field.value)).value,
  );

/** An RFC 5322 date as ISO 8601, or null when it is missing or unreadable. */
export const isoDate = (value: string | null | undefined): string | null => {
  if (!value) return null;
  const date = new Date(value.trim());
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
};

/** A Message-ID in angle brackets, as mailparser gives it; null when empty. */
export const messageIdOf = (value: string | null | undefined): string | null => {
  const id = decodeEncodedWords(value ?? '')
    .trim()
    .replace(/^<|>$/g, '');
  return id ? `<${id}>` : null;
};

/** The header-derived fields of a message; text, html and thread come from its body. */
export const headerFields = (
  fields: HeaderField[],
  keep: readonly string[],
): Omit<MessageFields, 'text' | 'html' | 'thread'> => {
  const subject = firstHeader(fields, 'subject');
  return {
    headers: headerRecord(fields, keep),
    messageId: messageIdOf(firstHeader(fields, 'message-id')),
    from: addressesOf(fields, 'from')[0] ?? null,
    to: addressesOf(fields, 'to'),
    cc: addressesOf(fields, 'cc'),
    subject: subject === null ? null : decodeEncodedWords(subject),
    date: isoDate(firstHeader(fields, 'date')),
  };
};
