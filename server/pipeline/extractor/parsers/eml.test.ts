import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { corpusBytes, corpusEntries, corpusEntry, squash } from '../test-support/corpus';
import type { CorpusEntry } from '../test-support/corpus';
import type { ParseOutput } from '../types';
import { ParseError } from '../types';
import { emlParser, parseEml } from './eml';
import { MAX_ATTACHMENTS } from './email-attachments';
import { MAX_HTML_CHARS } from './email-message';
import { MAX_MIME_PARTS } from './email-mime-body';
import { emailContext } from './email-test-support';
import { said } from '../test-support/warnings';

const parse = (bytes: Uint8Array, options = {}) =>
  emlParser.parse({ filename: 'message.eml', bytes }, emailContext(options));
const parseFile = (file: string, options = {}) => parse(corpusBytes(file), options);
const eml = (text: string) => new Uint8Array(Buffer.from(text.replace(/\n/g, '\r\n'), 'utf8'));
const textOf = (output: ParseOutput) => output.message?.text ?? '';
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const invented = (name: string) => /^attachment-\d+\.[a-z0-9]+$/.test(name);

type Check = (output: ParseOutput, fact: unknown) => void;

/**
 * What each manifest fact of an e-mail means for our output. A fact whose meaning needs more than
 * a comparison names the test that covers it instead; a fact no one checks fails the suite below.
 */
const FACTS: Record<string, Check | string> = {
  subject: (o, fact) => expect(o.message?.subject).toBe(fact),
  from: (o, fact) => expect(o.message?.from?.address).toBe(fact),
  from_name: (o, fact) => expect(o.message?.from?.name).toBe(fact),
  to: (o, fact) => expect(o.message?.to.map((a) => a.address)).toEqual(fact),
  to_names: (o, fact) => expect(o.message?.to.map((a) => a.name)).toEqual(fact),
  date: (o, fact) => expect(Date.parse(o.message?.date ?? '')).toBe(Date.parse(fact as string)),
  message_id: (o, fact) => expect(o.message?.messageId).toBe(fact),
  attachment_count: (o, fact) => expect(o.attachments).toHaveLength(fact as number),
  // the named parts, in order; an unnamed part gets an invented attachment-N name
  attachment_names: (o, fact) =>
    expect(o.attachments.map((a) => a.filename).filter((n) => !invented(n))).toEqual(fact),
  attachment_types: (o, fact) => expect(o.attachments.map((a) => a.mime)).toEqual(fact),
  attachment_sha256: (o, fact) => expect(sha256(o.attachments[0].bytes)).toBe(fact),
  text_contains: (o, fact) =>
    (fact as string[]).forEach((p) => expect(squash(textOf(o))).toContain(squash(p))),
  text_exact: (o, fact) => expect(textOf(o)).toBe(fact),
  text_body: (o, fact) => expect(textOf(o)).toBe(fact),
  content_type: (o, fact) =>
    (fact as string)
      .split('; ')
      .forEach((piece) => expect(o.message?.headers['content-type']).toContain(piece)),
  // an HTML-only mail: the text is read from the HTML, without its tags
  html_only: (o) => {
    expect(o.message?.html).toMatch(/<html/i);
    expect(textOf(o).length).toBeGreaterThan(100);
    expect(textOf(o)).not.toMatch(/<\/?[a-z][^>]*>/i);
  },
  html_contains: 'test "keeps cid: links in the HTML and gives the images as inline attachments"',
  charset: 'text_contains: the Hebrew phrase only reads right when the windows-1255 body is decoded',
  html_body_bytes: 'test "outofmemory.eml: the 1.1 MB HTML body is read whole and converted quickly"',
  hazard: 'the hostile tests below',
  expected_behaviour: 'the hostile tests below',
  language: 'language detection belongs to the NLU step, not to the parser',
  note: 'a comment',
  attachment_note: 'a comment (attachment_count and attachment_names check it)',
};

const CORPUS: CorpusEntry[] = [
  ...corpusEntries('email'),
  corpusEntry('hostile/outofmemory.eml'),
  corpusEntry('hostile/htmllargecallstack.eml'),
];

describe('emlParser on the corpus', () => {
  it('has a meaning for every fact of the e-mail manifest entries', () => {
    const keys = new Set([...CORPUS, corpusEntry('hostile/empty.eml')].flatMap((e) => Object.keys(e.facts)));
    expect([...keys].filter((key) => !(key in FACTS) && key !== 'size_bytes' && key !== 'content')).toEqual(
      [],
    );
  });

  it.each(CORPUS.map((entry) => [entry.file, entry] as const))(
    '%s matches its manifest facts',
    async (_, entry) => {
      const output = await parseFile(entry.file);
      const checked = Object.entries(entry.facts).filter(([key]) => typeof FACTS[key] === 'function');
      expect(checked.length).toBeGreaterThan(0);
      for (const [key, fact] of checked) (FACTS[key] as Check)(output, fact);
      expect(output.pages).toEqual([{ text: textOf(output), ocr: false }]);
    },
  );

  it('keeps cid: links in the HTML and gives the images as inline attachments', async () => {
    const output = await parseFile('email/nodemailer.eml');
    expect(output.message?.html).toContain('src="cid:note@example.com"');
    const image = output.attachments.find((a) => a.contentId === 'note@example.com');
    expect(image).toMatchObject({ filename: 'image.png', mime: 'image/png', inline: true });
    // the manifest's data:image/png;base64,iVBORw0KGgoAAAANSU is this image inlined by mailparser
    expect(Buffer.from(image!.bytes).toString('base64')).toMatch(/^iVBORw0KGgoAAAANSU/);
    expect(output.attachments.find((a) => a.filename === 'notes.txt')?.inline).toBe(false);
  });

  it('gives a forwarded message/rfc822 part as an .eml the stage can parse', async () => {
    const output = await parseFile('email/delivery-status.eml');
    const [forwarded] = output.attachments;
    expect(forwarded).toMatchObject({ filename: 'attachment-1.eml', mime: 'message/rfc822' });
    const inner = await parse(forwarded.bytes);
    expect(inner.message).toMatchObject({ subject: 'Example Subject', from: { address: 'xxx@xxx.com' } });
    expect(textOf(inner)).toContain('Hi,');
  });

  it('joins repeated headers and decodes encoded words in header values', async () => {
    const { message } = await parseFile('email/nodemailer.eml');
    expect(message?.headers.received.split(', from ').length).toBeGreaterThanOrEqual(3);
    expect(message?.headers.subject).toBe('Nodemailer is unicode friendly ✔ (1476358788189)');
  });
});

describe('emlParser on hostile input', () => {
  it('refuses the whitespace-only empty.eml and a zero-byte file as empty', async () => {
    for (const bytes of [corpusBytes('hostile/empty.eml'), new Uint8Array()]) {
      const failure = parse(bytes);
      await expect(failure).rejects.toBeInstanceOf(ParseError);
      await expect(failure).rejects.toMatchObject({ code: 'EMPTY_FILE', message: 'The email is empty' });
    }
  });

  it('outofmemory.eml: the 1.1 MB HTML body is read whole and converted quickly', async () => {
    const { facts } = corpusEntry('hostile/outofmemory.eml');
    const started = performance.now();
    const output = await parseFile('hostile/outofmemory.eml');
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(output.message?.html).toHaveLength(facts.html_body_bytes as number);
    expect(textOf(output)).toContain('$1 million in Life Insurance Coverage');
    expect(said(output.warnings)).toEqual([]);
  });

  it('htmllargecallstack.eml: the bracket soup ends in a bounded result, not a stack overflow', async () => {
    const started = performance.now();
    const output = await parseFile('hostile/htmllargecallstack.eml');
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(output.message?.html?.length).toBeGreaterThan(500_000);
    // the soup sits inside an unclosed <title>: a browser shows no body text either
    expect(textOf(output).length).toBeLessThan(1_000);
  });

  it('cuts an HTML body over 2 MB, with a warning', async () => {
    const body = '<p>word</p>\n'.repeat(Math.ceil((MAX_HTML_CHARS * 1.25) / 12));
    const output = await parse(eml(`Subject: big\nContent-Type: text/html; charset=utf-8\n\n${body}`));
    expect(output.message?.html).toHaveLength(MAX_HTML_CHARS);
    expect(said(output.warnings)).toEqual([expect.stringContaining('larger than 2 MB')]);
    expect(textOf(output).startsWith('word\n\nword')).toBe(true);
  });

  it(`keeps ${MAX_ATTACHMENTS} attachments of a message that has more, with a warning`, async () => {
    const parts = Array.from(
      { length: MAX_ATTACHMENTS + 5 },
      (_, i) => `--b\nContent-Type: text/plain\nContent-Disposition: attachment; filename=a${i}.txt\n\nx\n`,
    );
    const output = await parse(eml(`Content-Type: multipart/mixed; boundary=b\n\n${parts.join('')}--b--\n`));
    expect(output.attachments).toHaveLength(MAX_ATTACHMENTS);
    expect(output.attachments[MAX_ATTACHMENTS - 1].filename).toBe(`a${MAX_ATTACHMENTS - 1}.txt`);
    expect(said(output.warnings)).toEqual([expect.stringContaining('5 were left out')]);
  });

  it(`refuses a message of more than ${MAX_MIME_PARTS} MIME parts instead of reading it for minutes`, async () => {
    const parts = '--b\nContent-Type: text/plain\n\nx\n'.repeat(MAX_MIME_PARTS + 1);
    const failure = parse(eml(`Content-Type: multipart/mixed; boundary=b\n\n${parts}--b--\n`));
    await expect(failure).rejects.toMatchObject({ name: 'ParseError', code: 'EMAIL_TOO_MANY_PARTS' });
  });

  it('stops when the analysis is aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      parseEml(corpusBytes('email/nested.eml'), emailContext({}, controller.signal)),
    ).rejects.toThrow();
  });
});

describe('emlParser options', () => {
  it('extractHtml false leaves html null and still reads the text', async () => {
    const output = await parseFile('email/nodemailer.eml', { extractHtml: false });
    expect(output.message?.html).toBeNull();
    expect(textOf(output)).toBe('Hello to myself!');
  });

  it('extractHtml false still reads the text of an HTML-only mail from its HTML', async () => {
    const output = await parseFile('email/spam.eml', { extractHtml: false });
    expect(output.message?.html).toBeNull();
    expect(textOf(output)).toContain('35 Millionen Euro pro Jahr');
  });

  it('extractAttachments false skips every attachment, with a warning', async () => {
    const output = await parseFile('email/nodemailer.eml', { extractAttachments: false });
    expect(output.attachments).toEqual([]);
    expect(said(output.warnings)).toEqual([
      '4 attachments not extracted: attachment extraction is turned off',
    ]);
  });

  it('ignoredExtensions skips those attachments, one warning each', async () => {
    const output = await parseFile('email/nodemailer.eml', { ignoredExtensions: ['txt', 'gif'] });
    expect(output.attachments.map((a) => a.filename)).toEqual(['attachment-1.html', 'image.png']);
    expect(said(output.warnings)).toEqual([
      'Attachment nyan cat ✔.gif skipped: .gif files are ignored',
      'Attachment notes.txt skipped: .txt files are ignored',
    ]);
  });

  it('headers keeps only the named headers; empty keeps them all', async () => {
    const filtered = await parseFile('email/nodemailer.eml', {
      headers: ['subject', 'x-mailer', 'x-absent'],
    });
    expect(Object.keys(filtered.message?.headers ?? {}).sort()).toEqual(['subject', 'x-mailer']);
    expect(filtered.message?.subject).toBe('Nodemailer is unicode friendly ✔ (1476358788189)');
    const all = await parseFile('email/nodemailer.eml');
    expect(Object.keys(all.message?.headers ?? {})).toHaveLength(21);
  });
});

describe('emlParser conversationThread', () => {
  const reply = eml(
    [
      'From: Marie Durand <marie@example.fr>',
      'To: Jean Dupont <jean.dupont@example.fr>',
      'Subject: =?UTF-8?Q?Re=3A_Re=3A_Livraison_=C3=A0_confirmer?=',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: 8bit',
      '',
      'Parfait, merci pour votre retour.',
      '',
      'Marie',
      '',
      'Le lun. 4 mars 2024 à 10:15, Jean Dupont <jean.dupont@example.fr> a écrit :',
      '> Bonjour Marie,',
      '>',
      '> Pouvez-vous confirmer la livraison ?',
      '>',
      '> On Fri, Mar 1, 2024 at 4:02 PM Ann Smith <ann@example.com> wrote:',
      '>> Hello Jean,',
      '>> The parcel left our warehouse today.',
      '',
    ].join('\n'),
  );

  it('splits the quoted replies off, newest first, and keeps only the newest part as text', async () => {
    const output = await parse(reply, { conversationThread: true });
    expect(output.message?.subject).toBe('Re: Re: Livraison à confirmer');
    expect(textOf(output)).toBe('Parfait, merci pour votre retour.\n\nMarie');
    expect(output.pages[0].text).toBe(textOf(output));
    expect(output.message?.thread).toEqual([
      {
        from: 'Jean Dupont <jean.dupont@example.fr>',
        date: '2024-03-04T10:15',
        text: 'Bonjour Marie,\n\nPouvez-vous confirmer la livraison ?',
      },
      {
        from: 'Ann Smith <ann@example.com>',
        date: '2024-03-01T16:02',
        text: 'Hello Jean,\nThe parcel left our warehouse today.',
      },
    ]);
  });

  it('leaves the whole body as text and the thread empty when off', async () => {
    const output = await parse(reply, { conversationThread: false });
    expect(output.message?.thread).toEqual([]);
    expect(textOf(output)).toContain('a écrit :\n> Bonjour Marie,');
    expect(textOf(output)).toContain('>> The parcel left our warehouse today.');
  });
});
