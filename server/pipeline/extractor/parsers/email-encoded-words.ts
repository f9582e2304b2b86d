import { Buffer } from 'node:buffer';
import { decodeCharset } from './email-charset';

/** An RFC 2047 encoded word: `=?charset?B|Q?text?=`. */
const ENCODED_WORD = /=\?([^?\s]+)\?([bBqQ])\?([^?]*)\?=/g;

const qDecode = (text: string): Buffer => {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '_') bytes.push(0x20);
    else if (char === '=' && /^[0-9a-fA-F]{2}$/.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(text.charCodeAt(i) & 0xff);
  }
  return Buffer.from(bytes);
};

interface Word {
  charset: string;
  bytes: Buffer;
}

/**
 * Decodes the RFC 2047 encoded words of a header value. Whitespace between two encoded words is
 * dropped, and adjacent words in the same charset are joined before decoding, so a multibyte
 * character split across two words (as some mailers split UTF-8) still reads whole.
 *
 * @example
 *   decodeEncodedWords('=?UTF-8?Q?Andr=C3=A9?= Dupont') // 'André Dupont'
 */
export const decodeEncodedWords = (value: string): string => {
  if (!value.includes('=?')) return value;
  const out: string[] = [];
  let pending: Word | null = null;
  let last = 0;
  const flush = (): void => {
    if (pending) out.push(decodeCharset(pending.bytes, pending.charset));
    pending = null;
  };
  for (const match of value.matchAll(ENCODED_WORD)) {
    const [whole, rawCharset, encoding, text] = match;
    const gap = value.slice(last, match.index);
    if (gap.trim() !== '') {
      flush();
      out.push(gap);
    } else if (!pending) out.push(gap);
    // RFC 2231 lets a language follow the charset (`utf-8*fr`); it does not change the decoding.
    const charset = rawCharset.split('*')[0].toLowerCase();
    const bytes = encoding.toUpperCase() === 'B' ? Buffer.from(text, 'base64') : qDecode(text);
    const open = pending as Word | null;
    if (open && open.charset === charset) open.bytes = Buffer.concat([open.bytes, bytes]);
    else {
      flush();
      pending = { charset, bytes };
    }
    last = match.index + whole.length;
  }
  flush();
  out.push(value.slice(last));
  return out.join('');
};
