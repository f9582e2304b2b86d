import { describe, expect, it } from 'vitest';
import { corpusBytes, corpusEntries } from '../test-support/corpus';
import { checkFacts } from './document-facts';
import { documentContext } from './document-fixtures';
import { docParser } from './doc';
import { said } from '../test-support/warnings';

const parse = (bytes: Uint8Array, filename = 'file.doc') =>
  docParser.parse({ filename, bytes }, documentContext());

const entries = corpusEntries('office').filter((entry) => entry.format === 'doc');

describe('docParser on the corpus', () => {
  it('covers every DOC of the corpus', () => {
    expect(entries).toHaveLength(2);
  });

  it.each(entries.map((entry) => [entry.file, entry] as const))(
    '%s: the manifest facts hold',
    async (_, entry) => {
      checkFacts(entry, await parse(corpusBytes(entry.file), entry.file));
    },
  );

  it('reads a table row by row with tab-separated cells', async () => {
    const lines = (await parse(corpusBytes('office/fake-doc-emphasized-text.doc'))).pages[0].text.split('\n');
    expect(lines).toContain('A bold italic bold-italic example\tA Link example');
  });

  it('keeps typographic characters as written (no ASCII folding)', async () => {
    const out = await parse(corpusBytes('office/harmless-clean.doc'));
    expect(out.pages[0].text).toContain('ünicöde-ßtringß');
    expect(out.pages).toHaveLength(1);
  });
});

describe('docParser refusals and disguises', () => {
  it('refuses a zero-byte file', async () => {
    await expect(parse(new Uint8Array(0))).rejects.toMatchObject({ name: 'ParseError', code: 'DOC_NOT_OLE' });
  });

  it('refuses an RTF file named .doc with a message that says so', async () => {
    const rtf = new TextEncoder().encode('{\\rtf1\\ansi Hello}');
    await expect(parse(rtf)).rejects.toMatchObject({ code: 'DOC_IS_RTF' });
  });

  it('refuses an OLE file that holds no Word document (a PowerPoint named .doc)', async () => {
    await expect(parse(corpusBytes('office/fake-power-point.ppt'))).rejects.toMatchObject({
      code: 'DOC_NO_DOCUMENT',
    });
  });

  it('refuses a truncated document', async () => {
    const bytes = corpusBytes('office/harmless-clean.doc');
    await expect(parse(bytes.subarray(0, 2048))).rejects.toBeInstanceOf(Error);
    await expect(parse(bytes.subarray(0, 2048))).rejects.toMatchObject({ name: 'ParseError' });
  });

  it('reads a DOCX named .doc as DOCX, with a warning', async () => {
    const out = await parse(corpusBytes('office/docx-tables.docx'));
    expect(out.pages[0].text).toContain('Simple uniform table');
    expect(said(out.warnings)[0]).toMatch(/named \.doc but is a Word 2007\+ \(DOCX\)/);
  });
});
