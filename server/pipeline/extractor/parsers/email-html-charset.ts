import { Buffer } from 'node:buffer';
import { decodeCharset, decodeUndeclared } from './email-charset';

/** How far into a page its charset declaration is looked for (browsers look at the first 1024 bytes). */
const PRESCAN_BYTES = 4096;

const META_CHARSET = /<meta\b[^>]*?\bcharset\s*=\s*["']?\s*([\w.:-]+)/i;
const XML_ENCODING = /^\s*<\?xml\b[^>]*?\bencoding\s*=\s*["']([\w.:-]+)/i;

/** The charset a page declares in `<meta charset>`, `<meta http-equiv … charset=…>` or `<?xml encoding>`. */
export const declaredHtmlCharset = (bytes: Uint8Array): string | null => {
  const head = Buffer.from(
    bytes.buffer,
    bytes.byteOffset,
    Math.min(bytes.byteLength, PRESCAN_BYTES),
  ).toString('latin1');
  const declared = (META_CHARSET.exec(head) ?? XML_ENCODING.exec(head))?.[1]?.toLowerCase() ?? null;
  // a page that could be read far enough to find an ASCII declaration is not UTF-16 (HTML spec 13.2.3.3)
  return declared && /^utf-?16/.test(declared) ? 'utf-8' : declared;
};

const BOMS: [bytes: number[], charset: string][] = [
  [[0xef, 0xbb, 0xbf], 'utf-8'],
  [[0xff, 0xfe], 'utf-16le'],
  [[0xfe, 0xff], 'utf-16be'],
];

/**
 * Decodes an HTML document: a byte order mark first, then the charset its carrier knows (an Outlook
 * code page), then the page's own declaration, else UTF-8 when the bytes are valid UTF-8 and
 * windows-1252 when they are not (what old Western pages without a declaration are written in).
 *
 * @example
 *   decodeHtmlBytes(bytes).charset // 'windows-1252' for html/fake-html-cp1252.html
 */
export const decodeHtmlBytes = (
  bytes: Uint8Array,
  known: string | null = null,
): { text: string; charset: string } => {
  for (const [bom, charset] of BOMS) {
    if (bom.every((byte, at) => bytes[at] === byte)) {
      return { text: decodeCharset(bytes.subarray(bom.length), charset), charset };
    }
  }
  const charset = known ?? declaredHtmlCharset(bytes);
  return charset ? { text: decodeCharset(bytes, charset), charset } : decodeUndeclared(bytes);
};
