import { Buffer, isUtf8 } from 'node:buffer';
import iconv from 'iconv-lite';

/**
 * Charsets never decoded from: UTF-7 smuggles markup past filters (`+ADw-script+AD4-` is `<script>`),
 * base64 and hex are transfer encodings. Compared without case and punctuation, as iconv-lite does.
 */
const REFUSED = /^(?:(?:cs)?unicode11)?utf7(?:imap)?$|^base64$|^hex$/;

/** Names mail clients write that iconv-lite does not know under that spelling. */
const ALIASES: Record<string, string> = {
  ks_c_5601_1987: 'cp949',
  'ks_c_5601-1987': 'cp949',
  'x-sjis': 'shift_jis',
  'iso-8859-8-i': 'iso-8859-8',
  'x-mac-roman': 'macintosh',
  'x-user-defined': 'windows-1252',
  unicode: 'utf-16le',
};

const squashName = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** UTF-8 and its 7-bit subsets: read by Node itself, as mailparser does. */
export const isUtf8Compatible = (charset: string | null | undefined): boolean =>
  !charset || ['ascii', 'usascii', 'utf8', '7bit'].includes(squashName(charset));

const asBuffer = (bytes: Uint8Array): Buffer =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

const whatwgDecoder = (label: string): TextDecoder | null => {
  try {
    return new TextDecoder(label);
  } catch {
    return null;
  }
};

/**
 * Decodes bytes written in `charset`. An unknown or refused charset reads as UTF-8 (invalid bytes
 * become U+FFFD), so a wrong label never fails an analysis. iconv-lite first (the decoder mailparser
 * uses, so both e-mail paths agree), then the WHATWG decoders of Node's ICU for the few it lacks
 * (ISO-2022-JP, which Japanese mail still uses).
 *
 * @example
 *   decodeCharset(Buffer.from([0xe9]), 'windows-1252') // 'é'
 */
export const decodeCharset = (bytes: Uint8Array, charset: string | null | undefined): string => {
  const buffer = asBuffer(bytes);
  if (isUtf8Compatible(charset)) return buffer.toString('utf8');
  const name = (charset ?? '')
    .trim()
    .toLowerCase()
    .replace(/^["']|["']$/g, '');
  if (REFUSED.test(squashName(name))) return buffer.toString('utf8');
  const resolved = ALIASES[name] ?? name;
  if (iconv.encodingExists(resolved)) return iconv.decode(buffer, resolved);
  const decoder = whatwgDecoder(resolved);
  return decoder ? decoder.decode(buffer) : buffer.toString('utf8');
};

/** Reads bytes whose charset nobody declared: UTF-8 when they are valid UTF-8, else windows-1252. */
export const decodeUndeclared = (bytes: Uint8Array): { text: string; charset: string } => {
  const buffer = asBuffer(bytes);
  if (isUtf8(buffer)) return { text: buffer.toString('utf8'), charset: 'utf-8' };
  return { text: iconv.decode(buffer, 'windows-1252'), charset: 'windows-1252' };
};

/**
 * Single-byte charsets the e-mail fast path may decode itself: iconv-lite reads them one byte at a
 * time, so decoding a whole body at once gives what mailparser's streaming decoder gives.
 */
export const isSingleByteCharset = (charset: string): boolean =>
  /^(?:iso-?8859-?(?:[1-9]|1[013-6])|windows-?125[0-8]|cp125[0-8]|koi8-?[ru])$/.test(
    charset.trim().toLowerCase().replace(/_/g, '-'),
  );
