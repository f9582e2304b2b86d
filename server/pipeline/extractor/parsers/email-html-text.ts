import { decodeEntities } from './email-html-entities';
import { TextWriter } from './email-text-writer';

export interface HtmlText {
  /** The visible text: block elements on their own lines, table rows as lines of tab-separated cells. */
  text: string;
  /** The first `<title>`, whitespace collapsed; null when there is none or it is empty. */
  title: string | null;
  /** The `src` of every `<img>` whose source is a `data:` URL, when asked for. */
  dataImages: string[];
}

/** Elements whose content is not markup: skipped up to their end tag (title is kept aside). */
const RAW_TEXT = [
  'script',
  'style',
  'title',
  'template',
  'noscript',
  'textarea',
  'xmp',
  'iframe',
  'noembed',
  'noframes',
];
const RAW_END = new Map(RAW_TEXT.map((name) => [name, new RegExp(`</${name}[\\s/>]`, 'gi')]));

const PARAGRAPH = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre']);
const BLOCK = new Set(
  'address article aside caption center dd details dialog dir div dl dt fieldset figcaption figure footer form header hgroup hr legend li main menu nav ol section summary ul option'.split(
    ' ',
  ),
);

const SRC = /(?:^|[\s"'/])src\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;

const isAlpha = (code: number): boolean => (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
const isNameChar = (code: number): boolean =>
  isAlpha(code) ||
  (code >= 0x30 && code <= 0x39) ||
  code === 0x2d ||
  code === 0x3a ||
  code === 0x5f ||
  code === 0x2e;

/**
 * Where a start or end tag ends: its `>`, skipping quoted attribute values; -1 when the tag never
 * ends (a browser then drops the rest of the page, and so do we).
 */
const tagEnd = (html: string, from: number): number => {
  for (let i = from; i < html.length; i++) {
    const char = html[i];
    if (char === '>') return i;
    if (char !== '=') continue;
    let j = i + 1;
    while (html[j] === ' ' || html[j] === '\t' || html[j] === '\n' || html[j] === '\r') j++;
    if (html[j] === '"' || html[j] === "'") {
      const close = html.indexOf(html[j], j + 1);
      if (close < 0) return -1;
      i = close;
    }
  }
  return -1;
};

/**
 * Turns HTML into plain text in one linear pass with no recursion, so a 2 MB mail body or a page of
 * bracket soup built to blow a recursive parser's stack converts in milliseconds. Script, style and
 * similar content is dropped; block elements become line breaks; a table row becomes one line with
 * its cells separated by tabs.
 *
 * @example
 *   htmlToText('<p>Hello <b>you</b></p><table><tr><td>a</td><td>b</td></tr></table>').text // 'Hello you\n\na\tb'
 */
export const htmlToText = (html: string, options: { dataImages?: boolean } = {}): HtmlText => {
  const out = new TextWriter();
  const dataImages: string[] = [];
  let title: string | null = null;
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt < 0) {
      out.text(decodeEntities(html.slice(i)));
      break;
    }
    if (lt > i) out.text(decodeEntities(html.slice(i, lt)));
    if (html.startsWith('!--', lt + 1)) {
      const end = html.indexOf('-->', lt + 4);
      i = end < 0 ? html.length : end + 3;
      continue;
    }
    if (html.startsWith('![CDATA[', lt + 1)) {
      const end = html.indexOf(']]>', lt + 9);
      out.text(html.slice(lt + 9, end < 0 ? html.length : end));
      i = end < 0 ? html.length : end + 3;
      continue;
    }
    const next = html.charCodeAt(lt + 1);
    if (next === 0x21 || next === 0x3f) {
      // <!DOCTYPE …>, <?xml …?>: declarations, no text
      const end = html.indexOf('>', lt + 2);
      i = end < 0 ? html.length : end + 1;
      continue;
    }
    const closing = next === 0x2f;
    const nameStart = lt + (closing ? 2 : 1);
    if (!isAlpha(html.charCodeAt(nameStart))) {
      out.text('<');
      i = lt + 1;
      continue;
    }
    let nameEnd = nameStart;
    while (nameEnd < html.length && isNameChar(html.charCodeAt(nameEnd))) nameEnd++;
    const name = html.slice(nameStart, nameEnd).toLowerCase();
    const end = tagEnd(html, nameEnd);
    if (end < 0) break;
    i = end + 1;
    if (closing) {
      out.endTag(name, PARAGRAPH.has(name) ? 2 : BLOCK.has(name) ? 1 : 0);
      continue;
    }
    if (name === 'img' && options.dataImages) {
      const src = SRC.exec(html.slice(nameEnd, end));
      const value = src ? (src[1] ?? src[2] ?? src[3]).trim() : '';
      if (/^data:/i.test(value)) dataImages.push(value);
    }
    out.startTag(name, PARAGRAPH.has(name) ? 2 : BLOCK.has(name) ? 1 : 0);
    const rawEnd = RAW_END.get(name);
    if (rawEnd && !html.startsWith('/', end - 1)) {
      rawEnd.lastIndex = i;
      const match = rawEnd.exec(html);
      const content = html.slice(i, match ? match.index : html.length);
      if (name === 'title' && title === null)
        title = decodeEntities(content).replace(/\s+/g, ' ').trim() || null;
      if (name === 'textarea' || name === 'xmp') out.text(decodeEntities(content));
      const close = match ? html.indexOf('>', match.index) : -1;
      i = close < 0 ? html.length : close + 1;
    }
  }
  return { text: out.result(), title, dataImages };
};
