import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { corpusBytes, corpusEntries, corpusEntry } from '../test-support/corpus';
import { checkFacts } from './document-facts';
import { documentContext } from './document-fixtures';
import { odfParser } from './odf';
import { said } from '../test-support/warnings';

const parse = (bytes: Uint8Array, filename = 'file.odt', context = documentContext()) =>
  odfParser.parse({ filename, bytes }, context);

const odf = (content: string) =>
  zipSync({
    mimetype: new TextEncoder().encode('application/vnd.oasis.opendocument.text'),
    'content.xml': new TextEncoder().encode(content),
  });

const NS =
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"';

const entries = corpusEntries('office').filter((entry) => entry.format === 'odt' || entry.format === 'odp');

describe('odfParser on the corpus', () => {
  it('covers every ODT and ODP of the corpus', () => {
    expect(entries.map((e) => e.file).sort()).toEqual([
      'office/cols.odp',
      'office/fake.odt',
      'office/ol.odp',
      'office/source.odt',
      'office/twolevellist.odt',
    ]);
  });

  it.each(entries.map((entry) => [entry.file, entry] as const))(
    '%s: the manifest facts hold',
    async (_, entry) => {
      checkFacts(entry, await parse(corpusBytes(entry.file), entry.file));
    },
  );

  it('reads the table of fake.odt row by row, cells tab-separated', async () => {
    const out = await parse(corpusBytes('office/fake.odt'));
    expect(out.pages[0].text.split('\n')).toContain('Leader\tSarah\tMark\tRyan');
  });

  it('indents the nested items of twolevellist.odt under their parent', async () => {
    const lines = (await parse(corpusBytes('office/twolevellist.odt'))).pages[0].text.split('\n');
    expect(lines.slice(lines.indexOf('Item B'), lines.indexOf('Item B') + 3)).toEqual([
      'Item B',
      '  Subitem B.1',
      '  Subitem B.2 (bold)',
    ]);
  });

  it('gives one page per slide of an ODP, labelled', async () => {
    const out = await parse(corpusBytes('office/ol.odp'), 'ol.odp');
    expect(out.pages.map((p) => p.label)).toEqual(['slide 1']);
    expect(out.pages[0].text.split('\n')[0]).toBe('OL');
  });
});

describe('odfParser and hostile XML', () => {
  it('never expands the external entity of hostile/nasty.odt', async () => {
    const entry = corpusEntry('hostile/nasty.odt');
    expect(entry.facts.hazard).toMatch(/XML external entity/);
    const out = await parse(corpusBytes(entry.file), entry.file);
    expect(out.pages[0].text).toBe('Test: &nasty;');
    expect(said(out.warnings)).toEqual([
      'content.xml declares XML entities; they were ignored',
      'content.xml refers to XML entities that were not expanded',
    ]);
  });

  it('does not expand internal entities either (no billion laughs)', async () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "ha"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>
      <office:document-content ${NS}><office:body><office:text><text:p>&b;</text:p></office:text></office:body></office:document-content>`;
    const out = await parse(odf(laughs));
    expect(out.pages[0].text).toBe('&b;');
  });

  it('refuses content.xml that is not well-formed', async () => {
    const broken = `<office:document-content ${NS}><office:body><office:text><text:p>open</office:text>`;
    await expect(parse(odf(broken))).rejects.toMatchObject({ name: 'ParseError', code: 'XML_MALFORMED' });
  });
});

describe('odfParser refusals and limits', () => {
  it('refuses a zero-byte file', async () => {
    await expect(parse(new Uint8Array(0))).rejects.toMatchObject({ name: 'ParseError', code: 'NOT_A_ZIP' });
  });

  it('refuses a ZIP without content.xml', async () => {
    const zip = zipSync({ 'other.xml': new TextEncoder().encode('<a/>') });
    await expect(parse(zip)).rejects.toMatchObject({ code: 'ODF_NO_CONTENT' });
  });

  it('writes out repeated table cells a bounded number of times', async () => {
    const table = `<office:document-content ${NS} xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0">
      <office:body><office:text><table:table><table:table-row table:number-rows-repeated="1000000">
      <table:table-cell table:number-columns-repeated="16384"><text:p>x</text:p></table:table-cell>
      </table:table-row></table:table></office:text></office:body></office:document-content>`;
    const out = await parse(odf(table));
    expect(out.pages[0].text.split('\n')).toHaveLength(50);
    expect(out.pages[0].text.split('\n')[0].split('\t')).toHaveLength(50);
  });

  it('stops writing repeated rows at the table cell budget, with a warning', async () => {
    const row =
      '<table:table-row table:number-rows-repeated="50"><table:table-cell table:number-columns-repeated="50"><text:p>x</text:p></table:table-cell></table:table-row>';
    const table = `<office:document-content ${NS} xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0">
      <office:body><office:text><table:table>${row.repeat(1000)}</table:table></office:text></office:body></office:document-content>`;
    const out = await parse(odf(table));
    expect(out.pages[0].text.split('\n')).toHaveLength(500_000 / 50);
    expect(said(out.warnings)).toEqual(['Tables were cut at 500000 cells']);
  });

  it('honours maxPages on slides and says how many were left out', async () => {
    const slide = (n: number) =>
      `<draw:page><draw:frame><draw:text-box><text:p>Slide ${n}</text:p></draw:text-box></draw:frame></draw:page>`;
    const deck = `<office:document-content ${NS} xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0">
      <office:body><office:presentation>${[1, 2, 3].map(slide).join('')}</office:presentation></office:body></office:document-content>`;
    const out = await parse(odf(deck), 'deck.odp', documentContext({ maxPages: 2 }));
    expect(out.pages.map((p) => [p.label, p.text])).toEqual([
      ['slide 1', 'Slide 1'],
      ['slide 2', 'Slide 2'],
    ]);
    expect(out.metadata.slideCount).toBe(3);
    expect(said(out.warnings)).toEqual([
      'Only the first 2 of 3 slides were read; 1 was left out (maximum 2)',
    ]);
  });
});
