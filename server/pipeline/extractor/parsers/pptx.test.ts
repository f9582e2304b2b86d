import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { corpusBytes, corpusEntries } from '../test-support/corpus';
import { checkFacts } from './document-facts';
import { documentContext } from './document-fixtures';
import { pptxParser } from './pptx';
import { said } from '../test-support/warnings';

const parse = (bytes: Uint8Array, filename = 'file.pptx', context = documentContext()) =>
  pptxParser.parse({ filename, bytes }, context);

const entries = corpusEntries('office').filter((entry) => entry.format === 'pptx' || entry.format === 'pptm');

const text = (xml: string) => new TextEncoder().encode(xml);
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A deck whose slide files are numbered against their presentation order. */
const reorderedDeck = () =>
  zipSync({
    '_rels/.rels': text(
      `<Relationships><Relationship Id="r1" Type="${REL}/officeDocument" Target="ppt/presentation.xml"/></Relationships>`,
    ),
    'ppt/presentation.xml': text(
      '<p:presentation xmlns:p="p" xmlns:r="r"><p:sldIdLst><p:sldId id="256" r:id="rB"/><p:sldId id="257" r:id="rA"/></p:sldIdLst></p:presentation>',
    ),
    'ppt/_rels/presentation.xml.rels': text(
      `<Relationships><Relationship Id="rA" Type="${REL}/slide" Target="slides/slide1.xml"/><Relationship Id="rB" Type="${REL}/slide" Target="slides/slide2.xml"/></Relationships>`,
    ),
    'ppt/slides/slide1.xml': text(
      '<p:sld xmlns:p="p" xmlns:a="a"><p:cSld><p:spTree><p:sp><p:txBody><a:p><a:r><a:t>shown second</a:t></a:r></a:p></p:txBody></p:sp></p:spTree></p:cSld></p:sld>',
    ),
    'ppt/slides/slide2.xml': text(
      '<p:sld xmlns:p="p" xmlns:a="a"><p:cSld><p:spTree><p:sp><p:txBody><a:p><a:r><a:t>shown first</a:t></a:r></a:p></p:txBody></p:sp></p:spTree></p:cSld></p:sld>',
    ),
  });

describe('pptxParser on the corpus', () => {
  it('covers every PPTX and PPTM of the corpus', () => {
    expect(entries.map((e) => e.file).sort()).toEqual([
      'office/act-props.pptm',
      'office/markitdown-test.pptx',
      'office/sample-presentation.pptx',
    ]);
  });

  it.each(entries.map((entry) => [entry.file, entry] as const))(
    '%s: the manifest facts hold',
    async (_, entry) => {
      checkFacts(entry, await parse(corpusBytes(entry.file), entry.file));
    },
  );

  it('reads the table of markitdown-test.pptx row by row on its slide', async () => {
    const out = await parse(corpusBytes('office/markitdown-test.pptx'));
    const slide = out.pages.find((p) => p.text.includes('A table to test parsing'));
    expect(slide?.label).toBe('slide 3');
    expect(slide?.text.split('\n')).toContain('7\t8\t9\t1b92870d-e3b5-4e65-8153-919f4ff45592\t11\t12');
  });

  it('indents sub-bullets by outline level', async () => {
    const out = await parse(corpusBytes('office/sample-presentation.pptx'));
    expect(out.pages[1].text.split('\n')).toEqual(
      expect.arrayContaining([
        'And a list of bulleted information',
        '  With a sub-bullet',
        '    This one is a sub-sub-bullet',
      ]),
    );
  });

  it('reports macros of a PPTM without reading them, and hands over its embedded workbook', async () => {
    const out = await parse(corpusBytes('office/act-props.pptm'), 'act-props.pptm');
    expect(out.metadata.hasMacros).toBe(true);
    expect(out.attachments.map((a) => a.filename)).toEqual(['Microsoft_Excel_Worksheet.xlsx']);
  });
});

describe('pptxParser order, limits and refusals', () => {
  it('follows the presentation order, not the slide file names', async () => {
    const out = await parse(reorderedDeck());
    expect(out.pages.map((p) => [p.label, p.text])).toEqual([
      ['slide 1', 'shown first'],
      ['slide 2', 'shown second'],
    ]);
  });

  it('honours maxPages and says how many slides were left out', async () => {
    const out = await parse(
      corpusBytes('office/markitdown-test.pptx'),
      'm.pptx',
      documentContext({ maxPages: 2 }),
    );
    expect(out.pages.map((p) => p.label)).toEqual(['slide 1', 'slide 2']);
    expect(out.metadata.slideCount).toBe(6);
    expect(said(out.warnings)).toEqual([
      'Only the first 2 of 6 slides were read; 4 were left out (maximum 2)',
    ]);
  });

  it('refuses a zero-byte file', async () => {
    await expect(parse(new Uint8Array(0))).rejects.toMatchObject({ name: 'ParseError', code: 'NOT_A_ZIP' });
  });

  it('refuses a Word document named .pptx', async () => {
    await expect(parse(corpusBytes('office/docx-tables.docx'))).rejects.toMatchObject({
      code: 'NOT_OOXML',
      message: /not a PowerPoint document/,
    });
  });
});
