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
