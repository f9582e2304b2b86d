import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { corpusBytes, corpusEntries, squash } from '../test-support/corpus';
import type { ParseOutput } from '../types';
import { ParseError } from '../types';
import { htmlToText } from './email-html-text';
import { textContext } from './email-test-support';
import { htmlParser } from './html';

const parse = (bytes: Uint8Array, options = {}) =>
  htmlParser.parse({ filename: 'page.html', bytes }, textContext(options));
const page = (html: string) => new Uint8Array(Buffer.from(html, 'utf8'));
const textOf = (output: ParseOutput) => output.pages[0]?.text ?? '';

type Check = (output: ParseOutput, fact: unknown) => void;

/** What each manifest fact of an HTML page means for our output (see eml.test.ts). */
const FACTS: Record<string, Check | string> = {
  phrases: (o, fact) => (fact as string[]).forEach((p) => expect(squash(textOf(o))).toContain(squash(p))),
  title: (o, fact) => expect(o.metadata.title).toBe(fact),
  text_normalized: (o, fact) => expect(squash(textOf(o)).toLowerCase()).toBe(fact),
  encoding: (o, fact) => expect(fact).toMatch(new RegExp(`^${o.metadata.charset as string}\\b`)),
  // each row is one line, its cells separated by a tab
  has_table: (o) => expect(textOf(o).split('\n')).toContain('Row 1, Cell 1\tRow 1, Cell 2'),
  // each item of the outer and of the nested list is a line of its own
  has_nested_list: (o) =>
    expect(textOf(o)).toContain('A test list\nWith sub-bullets!\nAnd another\nBack at the root'),
  languages: 'language detection belongs to the NLU step',
  original_url: 'where the page was saved from; not in its content',
  note: 'a comment',
};

describe('htmlParser on the corpus', () => {
  it('has a meaning for every fact of the html manifest entries', () => {
    const keys = new Set(corpusEntries('html').flatMap((entry) => Object.keys(entry.facts)));
    expect([...keys].filter((key) => !(key in FACTS))).toEqual([]);
  });

  it.each(corpusEntries('html').map((entry) => [entry.file, entry] as const))(
    '%s matches its manifest facts',
    async (_, entry) => {
      const output = await parse(corpusBytes(entry.file));
      for (const [key, fact] of Object.entries(entry.facts)) {
        const check = FACTS[key];
        if (typeof check === 'function') check(output, fact);
      }
      expect(output.pages).toHaveLength(1);
      expect(output.pages[0].ocr).toBe(false);
    },
  );

  it('drops scripts and styles of the blog page', async () => {
    const output = await parse(corpusBytes('html/markitdown-test_blog.html'));
    expect(textOf(output)).not.toMatch(/function\s*\(|\{\s*[a-z-]+\s*:/);
    expect(textOf(output)).not.toContain('<');
  });
});

describe('htmlParser charsets', () => {
  const french = '<p>L’été était très chaud — 15,50 €</p>';

  it('follows <meta charset>', async () => {
    const bytes = iconv.encode(
      `<html><head><meta charset="iso-8859-15"></head><body><p>Été 5 €</p>`,
      'iso-8859-15',
    );
    const output = await parse(bytes);
    expect(textOf(output)).toBe('Été 5 €');
    expect(output.metadata.charset).toBe('iso-8859-15');
  });

  it('follows <meta http-equiv content-type> and the XML declaration', async () => {
    const httpEquiv = `<meta http-equiv="Content-Type" content="text/html; charset=windows-1252">${french}`;
    expect(textOf(await parse(iconv.encode(httpEquiv, 'windows-1252')))).toBe(
      'L’été était très chaud — 15,50 €',
    );
    const xml = `<?xml version="1.0" encoding="windows-1252"?><html>${french}</html>`;
    expect(textOf(await parse(iconv.encode(xml, 'windows-1252')))).toBe('L’été était très chaud — 15,50 €');
  });

  it('reads undeclared UTF-8 as UTF-8 and anything else as windows-1252', async () => {
    expect(textOf(await parse(page(french)))).toBe('L’été était très chaud — 15,50 €');
    const legacy = await parse(iconv.encode(french, 'windows-1252'));
    expect(textOf(legacy)).toBe('L’été était très chaud — 15,50 €');
    expect(legacy.metadata.charset).toBe('windows-1252');
  });

  it('honours a byte order mark', async () => {
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(french, 'utf-16le')]);
    expect(textOf(await parse(bytes))).toBe('L’été était très chaud — 15,50 €');
  });
});

describe('htmlParser images and refusals', () => {
  const png =
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
  const withImages = page(
    `<p>Logo</p><img alt="x" src="data:image/png;base64,${png}"><img src='https://example.com/a.png'>` +
      `<img src="data:image/svg+xml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%2F%3E">`,
  );

  it('returns data: images as attachments when extractImages is on', async () => {
    const output = await parse(withImages, { extractImages: true });
    expect(output.attachments.map((a) => [a.filename, a.mime, a.inline])).toEqual([
      ['image-1.png', 'image/png', true],
      ['image-2.svg', 'image/svg+xml', true],
    ]);
    expect(Buffer.from(output.attachments[0].bytes).toString('base64')).toBe(png);
    expect(Buffer.from(output.attachments[1].bytes).toString('utf8')).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
    );
  });

  it('returns no images when extractImages is off', async () => {
    expect((await parse(withImages)).attachments).toEqual([]);
  });

  it('refuses an empty or whitespace-only page', async () => {
    for (const bytes of [new Uint8Array(), page('  \n\t ')]) {
      const failure = parse(bytes);
      await expect(failure).rejects.toBeInstanceOf(ParseError);
      await expect(failure).rejects.toMatchObject({ code: 'EMPTY_FILE', message: 'The HTML page is empty' });
    }
  });
});

describe('htmlToText', () => {
  it.each([
    [
      'paragraphs and headings',
      '<h1>Title</h1><p>One <b>bold</b>\n word.</p><p>Two</p>',
      'Title\n\nOne bold word.\n\nTwo',
    ],
    ['line breaks', 'a<br>b<br><br>c<div>d<br></div><div>e</div>', 'a\nb\n\nc\nd\ne'],
    [
      'table rows and empty cells',
      '<table><tr><th>A</th><td></td><td><p>C</p></td></tr><tr><td>1</td></tr></table>',
      'A\t\tC\n1',
    ],
    [
      'script, style, comments',
      '<style>p{}</style><script>if (a<b) x()</script><!-- <p>hidden</p> -->shown',
      'shown',
    ],
    ['entities', '&eacute;&amp;&lt;&#233;&#xE9;&#146;&nbsp;&unknown; &copy', 'é&<éé’ &unknown; ©'],
    ['pre keeps its layout', '<pre>\n  a  b\n    c</pre>after', '  a  b\n    c\n\nafter'],
    ['a lone "<" is text', 'a < b and 1 <2', 'a < b and 1 <2'],
    ['quoted ">" inside an attribute', '<a title="x > y">link</a>', 'link'],
  ])('%s', (_, html, text) => {
    expect(htmlToText(html).text).toBe(text);
  });

  it('converts a deeply nested soup in linear time without recursion', () => {
    const soup = '<div><span>'.repeat(100_000) + 'deep' + '</span></div>'.repeat(100_000);
    const started = performance.now();
    expect(htmlToText(soup).text).toBe('deep');
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
