import { describe, expect, it } from 'vitest';
import { corpusBytes, corpusEntries, corpusEntry, squash } from '../test-support/corpus';
import { checkFacts } from './document-facts';
import { documentContext } from './document-fixtures';
import { pptParser } from './ppt';
import { said } from '../test-support/warnings';

const parse = (bytes: Uint8Array, filename = 'file.ppt', context = documentContext()) =>
  pptParser.parse({ filename, bytes }, context);

const entries = corpusEntries('office').filter((entry) => entry.format === 'ppt');

describe('pptParser on the corpus', () => {
  it('covers every PPT of the corpus', () => {
    expect(entries).toHaveLength(2);
  });

  it.each(entries.map((entry) => [entry.file, entry] as const))(
    '%s: the manifest facts hold',
    async (_, entry) => {
      checkFacts(entry, await parse(corpusBytes(entry.file), entry.file));
    },
  );

  it('gives the slide its title, bullets and text box, and leaves the master slide out', async () => {
    const out = await parse(corpusBytes('office/fake-power-point.ppt'));
    expect(out.pages).toEqual([
      {
        label: 'slide 1',
        ocr: false,
        text: [
          'Adding a Bullet Slide',
          'Find the bullet slide layout',
          'Use _TextFrame.text for first bullet',
          'Use _TextFrame.add_paragraph() for subsequent bullets',
          'Here is a lot of text!',
          'Here is some text in a text box!',
        ].join('\n'),
      },
    ]);
  });

  it('hands the embedded OLE package over under its own name', async () => {
    const out = await parse(corpusBytes('office/embedded-simple-2007.ppt'));
    expect(out.attachments.map((a) => [a.filename, a.mime, a.inline])).toEqual([
      ['simple-text-file.txt', 'text/plain', false],
    ]);
    expect(out.metadata).toMatchObject({ title: 'Embedded Objects', slideCount: 1 });
  });
});

describe('pptParser and a PPTX named .ppt (hostile/eng_spa_mult.ppt)', () => {
  const entry = corpusEntry('hostile/eng_spa_mult.ppt');

  it('reads it as PPTX and warns that the extension lies', async () => {
    expect(entry.facts.actual_container).toMatch(/zip/);
    const out = await parse(corpusBytes(entry.file), entry.file);
    expect(said(out.warnings)[0]).toBe(
      'The file is named .ppt but is a PowerPoint 2007+ (PPTX) presentation; it was read as PPTX',
    );
    checkFacts(entry, out);
  });

  it('puts the slide note on a notes page after its slide', async () => {
    const out = await parse(corpusBytes(entry.file), entry.file);
    const index = out.pages.findIndex((p) => p.label === 'notes 1');
    expect(out.pages[index - 1].label).toBe('slide 1');
    expect(squash(out.pages[index].text)).toBe(entry.facts.slide_note);
  });
});

describe('pptParser limits and refusals', () => {
  it('refuses a zero-byte file', async () => {
    await expect(parse(new Uint8Array(0))).rejects.toMatchObject({ name: 'ParseError', code: 'PPT_NOT_OLE' });
  });

  it('refuses an OLE file without a PowerPoint stream (a Word document named .ppt)', async () => {
    await expect(parse(corpusBytes('office/harmless-clean.doc'))).rejects.toMatchObject({
      code: 'PPT_NO_DOCUMENT',
    });
  });

  it('refuses a truncated file', async () => {
    const bytes = corpusBytes('office/fake-power-point.ppt');
    await expect(parse(bytes.subarray(0, 4096))).rejects.toMatchObject({ name: 'ParseError' });
  });

  it('reads slides in file order, with a warning, when the persist directory is damaged', async () => {
    const bytes = corpusBytes('office/fake-power-point.ppt').slice();
    const cfb = await import('cfb');
    const container = cfb.read(bytes, { type: 'array' });
    const currentUser = cfb.find(container, 'Current User')!;
    // Point the current edit past the end of the stream.
    const content = Uint8Array.from(currentUser.content);
    new DataView(content.buffer).setUint32(16, 0x7fffffff, true);
    currentUser.content = content;
    const damaged = new Uint8Array(cfb.write(container, { type: 'array' }) as number[]);
    const out = await parse(damaged);
    expect(said(out.warnings)).toContain('The slide list is damaged; slides were read in file order');
    expect(out.pages[0].text).toContain('Here is some text in a text box!');
  });

  it('honours maxPages on slides', async () => {
    const out = await parse(
      corpusBytes(corpusEntry('hostile/eng_spa_mult.ppt').file),
      'x.ppt',
      documentContext({ maxPages: 1 }),
    );
    expect(out.pages.map((p) => p.label)).toEqual(['slide 1', 'notes 1']);
    expect(said(out.warnings)).toContain(
      'Only the first 1 of 6 slides were read; 5 were left out (maximum 1)',
    );
  });
});
