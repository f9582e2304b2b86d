import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { corpusBytes, corpusEntries } from '../test-support/corpus';
import { checkFacts } from './document-facts';
import { buildZipBomb, documentContext } from './document-fixtures';
import { docxParser } from './docx';

const parse = (bytes: Uint8Array, filename = 'file.docx') =>
  docxParser.parse({ filename, bytes }, documentContext());

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const docx = (body: string) =>
  zipSync({
    '[Content_Types].xml': new TextEncoder().encode('<Types/>'),
    'word/document.xml': new TextEncoder().encode(`<w:document ${W}><w:body>${body}</w:body></w:document>`),
  });

const entries = corpusEntries('office').filter((entry) => entry.format === 'docx');

describe('docxParser on the corpus', () => {
  it('covers every DOCX of the corpus', () => {
    expect(entries).toHaveLength(3);
  });

  it.each(entries.map((entry) => [entry.file, entry] as const))(
    '%s: the manifest facts hold',
    async (_, entry) => {
      checkFacts(entry, await parse(corpusBytes(entry.file), entry.file));
    },
  );

  it('reads tables row by row with tab-separated cells', async () => {
    const lines = (await parse(corpusBytes('office/docx-tables.docx'))).pages[0].text.split('\n');
    expect(lines).toContain('Header Col 1\tHeader Col 2');
    expect(lines).toContain('Lorem ipsum\tA link example');
  });

  it('puts comments on a page of their own, author first', async () => {
    const out = await parse(corpusBytes('office/comments-rich-para.docx'));
    expect(out.pages.map((p) => p.label)).toEqual([undefined, 'comments']);
    expect(out.pages[1].text.split('\n')[0]).toBe(
      'Steve Canny: Text with hyperlink https://google.com embedded.',
    );
    expect(out.pages[0].text).not.toContain('hyperlink');
    expect(out.metadata.commentCount).toBe(4);
  });

  it('hands the embedded picture over as an inline attachment', async () => {
    const out = await parse(corpusBytes('office/markitdown-test.docx'));
    expect(out.attachments.map((a) => [a.filename, a.mime, a.inline])).toEqual([
      ['image1.png', 'image/png', true],
    ]);
  });
});

describe('docxParser on WordprocessingML details', () => {
  it('keeps alt text, tabs and breaks; leaves out deleted text and field codes', async () => {
    const out = await parse(
      docx(`
      <w:p><w:r><w:t>Total</w:t><w:tab/><w:t>42</w:t><w:br/><w:t>next line</w:t></w:r></w:p>
      <w:p><w:del><w:r><w:delText>removed</w:delText></w:r></w:del><w:ins><w:r><w:t>inserted</w:t></w:r></w:ins></w:p>
      <w:p><w:r><w:instrText> PAGE </w:instrText></w:r><w:r><w:t>3</w:t></w:r></w:p>
      <w:p><w:r><w:drawing><wp:inline xmlns:wp="wp"><wp:docPr id="1" name="Picture 1" descr="A signed invoice"/></wp:inline></w:drawing></w:r></w:p>`),
    );
    expect(out.pages[0].text).toBe('Total\t42\nnext line\ninserted\n3\n\nA signed invoice');
  });

  it('reads a text box once, although Word stores it twice (AlternateContent)', async () => {
    const box = (text: string) => `<w:txbxContent><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:txbxContent>`;
    const out = await parse(
      docx(`<w:p><w:r><mc:AlternateContent xmlns:mc="mc">
        <mc:Choice><w:drawing>${box('in the box')}</w:drawing></mc:Choice>
        <mc:Fallback><w:pict>${box('in the box')}</w:pict></mc:Fallback>
      </mc:AlternateContent></w:r></w:p>`),
    );
    expect(out.pages[0].text).toBe('in the box');
  });
});

describe('docxParser: the body as HTML for the preview', () => {
  const styled = (body: string) =>
    zipSync({
      '[Content_Types].xml': new TextEncoder().encode('<Types/>'),
      'word/document.xml': new TextEncoder().encode(`<w:document ${W}><w:body>${body}</w:body></w:document>`),
      'word/_rels/document.xml.rels': new TextEncoder().encode(
        '<Relationships><Relationship Id="r1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>',
      ),
      // A French Word's heading: its id and display name say "Titre", its outline level says heading 1;
      // "Quote" is based on it in name only (no level of its own, none inherited from a non-heading).
      'word/styles.xml': new TextEncoder().encode(
        `<w:styles ${W}><w:style w:type="paragraph" w:styleId="Titre1"><w:name w:val="Titre 1"/><w:pPr><w:outlineLvl w:val="0"/></w:pPr></w:style>` +
          `<w:style w:type="paragraph" w:styleId="Heading2"><w:name w:val="heading 2"/></w:style>` +
          `<w:style w:type="paragraph" w:styleId="MonTitre"><w:basedOn w:val="Heading2"/></w:style>` +
          `<w:style w:type="paragraph" w:styleId="Quote"><w:name w:val="Quote"/></w:style></w:styles>`,
      ),
    });
  const p = (text: string, pPr = '', rPr = '') =>
    `<w:p>${pPr ? `<w:pPr>${pPr}</w:pPr>` : ''}<w:r>${rPr ? `<w:rPr>${rPr}</w:rPr>` : ''}<w:t>${text}</w:t></w:r></w:p>`;

  it('gives headings by their style’s outline level or name, emphasis, lists and tables, the text escaped', async () => {
    const out = await parse(
      styled(
        p('Claim', '<w:pStyle w:val="Titre1"/>') +
          p('Details', '<w:pStyle w:val="MonTitre"/>') +
          p('Said', '<w:pStyle w:val="Quote"/>') +
          `<w:p><w:r><w:rPr><w:b/></w:rPr><w:t>Total</w:t></w:r><w:r><w:rPr><w:b w:val="0"/><w:i/></w:rPr><w:t> 42 &lt;script&gt;</w:t></w:r><w:r><w:br/><w:t>€</w:t></w:r></w:p>` +
          p('first', '<w:numPr><w:numId w:val="1"/></w:numPr>') +
          p('second', '<w:numPr><w:numId w:val="1"/></w:numPr>') +
          `<w:p><w:del><w:r><w:delText>removed</w:delText></w:r></w:del></w:p>` +
          `<w:tbl><w:tr><w:tc>${p('a')}</w:tc><w:tc>${p('b', '', '<w:u w:val="single"/>')}</w:tc></w:tr></w:tbl>`,
      ),
    );
    expect(out.pages[0].html).toBe(
      '<h1>Claim</h1><h2>Details</h2><p>Said</p>' +
        '<p><strong>Total</strong><em> 42 &lt;script&gt;</em><br>€</p>' +
        '<ul><li>first</li><li>second</li></ul><p></p>' +
        '<table border="1" cellpadding="4"><tr><td><p>a</p></td><td><p><u>b</u></p></td></tr></table>',
    );
    // The text the pipeline reads is unchanged.
    expect(out.pages[0].text).toBe('Claim\nDetails\nSaid\nTotal 42 <script>\n€\nfirst\nsecond\n\na\tb');
  });

  it('writes the corpus’s tables as tables, a nested one in its cell, and its headings by their styles', async () => {
    const html = (await parse(corpusBytes('office/docx-tables.docx'))).pages[0].html ?? '';
    expect(html).toContain('<td><p>Header Col 1</p></td>');
    expect(html).toContain('<td><table border="1" cellpadding="4"><tr><td><p>e</p></td>');
    expect(html).toContain('<p>&gt;b&lt;</p>');
    const paper = (await parse(corpusBytes('office/markitdown-test.docx'))).pages[0].html ?? '';
    expect(paper).toContain('<h1>Abstract</h1>');
  });
});

describe('docxParser refusals', () => {
  it('refuses a zero-byte file', async () => {
    await expect(parse(new Uint8Array(0))).rejects.toMatchObject({ name: 'ParseError', code: 'NOT_A_ZIP' });
  });

  it('refuses a ZIP without word/document.xml', async () => {
    const zip = zipSync({ 'content.xml': new TextEncoder().encode('<a/>') });
    await expect(parse(zip)).rejects.toMatchObject({
      code: 'NOT_OOXML',
      message: /word\/document.xml is missing/,
    });
  });

  it('stops a zip bomb (400 MB of zeros in word/document.xml) quickly with ZIP_BOMB', async () => {
    const bomb = buildZipBomb(400);
    expect(bomb.length).toBeLessThan((400 * 1024 * 1024) / 100);
    const started = performance.now();
    await expect(parse(bomb)).rejects.toMatchObject({ name: 'ParseError', code: 'ZIP_BOMB' });
    expect(performance.now() - started).toBeLessThan(3000);
  });
});
