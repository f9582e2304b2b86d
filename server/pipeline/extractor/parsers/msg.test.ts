import { describe, expect, it } from 'vitest';
import { corpusBytes, corpusEntries, squash } from '../test-support/corpus';
import type { ParseOutput } from '../types';
import { ParseError } from '../types';
import { emailContext } from './email-test-support';
import { msgParser } from './msg';
import { said } from '../test-support/warnings';

const parse = (bytes: Uint8Array, options = {}) =>
  msgParser.parse({ filename: 'message.msg', bytes }, emailContext(options));
const parseFile = (file: string, options = {}) => parse(corpusBytes(file), options);
const textOf = (output: ParseOutput) => output.message?.text ?? '';
const embedded = (output: ParseOutput) =>
  output.attachments.filter((a) => a.mime === 'application/vnd.ms-outlook');

type Check = (output: ParseOutput, fact: unknown) => void | Promise<void>;

/** What each manifest fact of an Outlook message means for our output (see eml.test.ts). */
const FACTS: Record<string, Check | string> = {
  subject: (o, fact) => expect(o.message?.subject).toBe(fact),
  normalized_subject: (o, fact) => expect(o.message?.subject?.endsWith(fact as string)).toBe(true),
  to: (o, fact) => expect(o.message?.to.map((a) => a.address)).toEqual(fact),
  cc: (o, fact) => expect(o.message?.cc.map((a) => a.address)).toEqual(fact),
  sender_name: (o, fact) => expect(o.message?.from?.name).toBe(fact),
  sender_email: (o, fact) => expect(o.message?.from?.address).toBe(fact),
  // line ends are normalised to \n, as mailparser gives them for an EML
  body: (o, fact) => expect(textOf(o)).toBe((fact as string).replace(/\r\n/g, '\n')),
  body_contains: (o, fact) =>
    (fact as string[]).forEach((p) => expect(squash(textOf(o))).toContain(squash(p))),
  client_submit_time: (o, fact) => expect(o.message?.date).toBe(new Date(fact as string).toISOString()),
  message_id: (o, fact) => expect(o.message?.messageId).toBe(fact),
  message_class: (o, fact) => expect(o.metadata.messageClass).toBe(fact),
  voting_response: (o, fact) => expect(o.metadata.votingResponse).toBe(fact),
  attachment_count: (o, fact) => expect(o.attachments).toHaveLength(fact as number),
  // msgreader names an embedded message by its subject; ours is that name as a .msg file
  attachment_names: (o, fact) =>
    expect(
      o.attachments.map((a) => (embedded(o).includes(a) ? a.filename.replace(/\.msg$/, '') : a.filename)),
    ).toEqual(fact),
  attachment_mime_types: (o, fact) => expect(o.attachments.map((a) => a.mime)).toEqual(fact),
  // the embedded message is given as an Outlook message the stage parses with this parser
  embedded_message_subject: async (o, fact) => {
    const [inner] = embedded(o);
    expect((await parse(inner.bytes)).message?.subject).toBe(fact);
  },
  attachments: 'embedded_message_subject and attachment_count (a description of the two attachments)',
  string_storage: 'subject and body: ANSI strings read right',
  note: 'a comment (attachment_names checks the embedded message)',
};

describe('msgParser on the corpus', () => {
  it('has a meaning for every fact of the msg manifest entries', () => {
    const keys = new Set(corpusEntries('msg').flatMap((entry) => Object.keys(entry.facts)));
    expect([...keys].filter((key) => !(key in FACTS))).toEqual([]);
  });

  it.each(corpusEntries('msg').map((entry) => [entry.file, entry] as const))(
    '%s matches its manifest facts',
    async (_, entry) => {
      const output = await parseFile(entry.file);
      for (const [key, fact] of Object.entries(entry.facts)) {
        const check = FACTS[key];
        if (typeof check === 'function') await check(output, fact);
      }
      expect(output.pages).toEqual([{ text: textOf(output), ocr: false }]);
    },
  );

  it('gives the embedded message of Outer-mail.msg as a .msg whose own attachments survive', async () => {
    const output = await parseFile('msg/Outer-mail.msg');
    const [inner] = embedded(output);
    expect(inner.filename).toBe('Inner mail.msg');
    const innerOutput = await parse(inner.bytes);
    expect(innerOutput.message?.subject).toBe('Inner mail');
    expect(innerOutput.attachments.length).toBeGreaterThan(0);
  });

  it('reads the headers, the HTML body and the transport message id of fake-email.msg', async () => {
    const output = await parseFile('msg/fake-email.msg');
    expect(output.message?.headers.subject).toBe('Test Email');
    expect(output.message?.html).toContain('This is a test email to use for unit tests.');
    expect(output.message?.date).toBe('2023-03-28T17:00:31.000Z');
  });

  it('gives the attachments their bytes', async () => {
    const output = await parseFile('msg/attachmentFiles.msg');
    const png = output.attachments.find((a) => a.filename === 'png.png');
    expect(Buffer.from(png!.bytes.subarray(0, 8)).toString('hex')).toBe('89504e470d0a1a0a');
  });
});

describe('msgParser refusals', () => {
  it('refuses bytes that are not an OLE compound file', async () => {
    const failure = parse(corpusBytes('email/nested.eml'));
    await expect(failure).rejects.toBeInstanceOf(ParseError);
    await expect(failure).rejects.toMatchObject({
      code: 'NOT_AN_OUTLOOK_MESSAGE',
      message: expect.stringContaining('not an Outlook message'),
    });
  });

  it('refuses an OLE file that is not a message (a Word document)', async () => {
    await expect(parse(corpusBytes('office/harmless-clean.doc'))).rejects.toMatchObject({
      code: 'NOT_AN_OUTLOOK_MESSAGE',
    });
  });

  it('refuses an empty file', async () => {
    await expect(parse(new Uint8Array(Buffer.from(' \r\n\t')))).rejects.toMatchObject({ code: 'EMPTY_FILE' });
  });

  it('refuses a truncated message with a clear error and no stack trace', async () => {
    const failure = parse(corpusBytes('msg/test1.msg').subarray(0, 2048));
    await expect(failure).rejects.toBeInstanceOf(ParseError);
    await expect(failure).rejects.toMatchObject({ message: expect.not.stringMatching(/\n\s+at /) });
  });
});

describe('msgParser options', () => {
  it('extractAttachments false skips them, with a warning', async () => {
    const output = await parseFile('msg/attachmentFiles.msg', { extractAttachments: false });
    expect(output.attachments).toEqual([]);
    expect(said(output.warnings)).toEqual([
      '3 attachments not extracted: attachment extraction is turned off',
    ]);
  });

  it('ignoredExtensions skips those attachments, one warning each', async () => {
    const output = await parseFile('msg/attachmentFiles.msg', { ignoredExtensions: ['png'] });
    expect(output.attachments.map((a) => a.filename)).toEqual(['jpg.jpg', 'tif.tif']);
    expect(said(output.warnings)).toEqual(['Attachment png.png skipped: .png files are ignored']);
  });

  it('headers keeps only the named transport headers', async () => {
    const output = await parseFile('msg/attachmentFiles.msg', { headers: ['from', 'return-path'] });
    expect(output.message?.headers).toEqual({
      'return-path': 'hmailuser@hmailserver.test',
      from: '"hmailuser" <hmailuser@hmailserver.test>',
    });
  });

  it('extractHtml false leaves html null', async () => {
    const output = await parseFile('msg/fake-email.msg', { extractHtml: false });
    expect(output.message?.html).toBeNull();
    expect(textOf(output)).toContain('Roses are red');
  });
});
