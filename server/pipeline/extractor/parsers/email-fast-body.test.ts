import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKLOAD_DIR, corpusBytes, corpusEntries } from '../test-support/corpus';
import { parseEml } from './eml';
import { readFastBody } from './email-fast-body';
import { splitHead } from './email-headers';
import { emailContext } from './email-test-support';

const fastApplies = (bytes: Uint8Array) => readFastBody(bytes, splitHead(bytes)) !== null;

/** Both routes with every option that changes the output on, so any difference shows. */
const bothRoutes = async (bytes: Uint8Array) => {
  const context = emailContext({ conversationThread: true });
  return { fast: await parseEml(bytes, context, 'auto'), full: await parseEml(bytes, context, 'mime') };
};

const mail = (head: string, body: Uint8Array | string) =>
  new Uint8Array(Buffer.concat([Buffer.from(head.replace(/\n/g, '\r\n') + '\r\n\r\n'), Buffer.from(body)]));

const HEAD =
  'From: =?ISO-8859-1?Q?Andr=E9_Dupr=E9?= <andre@example.fr>\nTo: a@example.com, "Doe, J" <j@x.org>';

/** Single-part messages the fast path must take, covering each of its branches. */
const FAST_CASES: [string, Uint8Array][] = [
  [
    'quoted-printable latin-1 with soft breaks and trailing blanks',
    mail(
      `${HEAD}\nSubject: =?iso-8859-1?q?caf=E9?=\nContent-Type: text/plain; charset="ISO-8859-1"\nContent-Transfer-Encoding: quoted-printable`,
      'Caf=E9 cr=E8me, tr=E8s =\r\nlong line   \r\n=3D sign =ZZ\r\n',
    ),
  ],
  [
    'base64 UTF-8',
    mail(
      `${HEAD}\nSubject: b64\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: base64`,
      Buffer.from('Grüße aus Köln ✔\r\nZweite Zeile\r\n')
        .toString('base64')
        .replace(/(.{20})/g, '$1\r\n'),
    ),
  ],
  [
    'base64 without its padding',
    mail('Subject: pad\nContent-Type: text/plain\nContent-Transfer-Encoding: BASE64', 'SGVsbG8gd29ybGQ'),
  ],
  [
    'HTML only, windows-1252 quoted-printable',
    mail(
      `${HEAD}\nSubject: html\nContent-Type: text/html; charset=windows-1252\nContent-Transfer-Encoding: quoted-printable`,
      '<html><body><p>Prix : 15,50 =80</p><table><tr><td>a</td><td>b</td></tr></table></body></html>',
    ),
  ],
  [
    'no MIME headers at all, LF line ends',
    new Uint8Array(Buffer.from('From: x@y.z\nSubject: bare\n\nline 1\nline 2\r\n')),
  ],
  [
    '8bit UTF-8 with a lone CR',
    mail('Subject: cr\nContent-Type: TEXT/PLAIN; charset=UTF8; format=fixed', 'one\rtwo\r\nthree'),
  ],
  [
    'ISO-8859-15 euro sign',
    mail('Subject: euro\nContent-Type: text/plain; charset=iso-8859-15', iconv.encode('€ 5', 'iso-8859-15')),
  ],
  [
    'KOI8-R',
    mail('Subject: koi\nContent-Type: text/plain; charset=koi8-r', iconv.encode('Привет, мир', 'koi8-r')),
  ],
  [
    'invalid UTF-8 bytes',
    mail('Subject: bad\nContent-Type: text/plain; charset=utf-8', Buffer.from([0x61, 0xff, 0xc3, 0x62])),
  ],
  ['an empty body', mail('Subject: empty\nContent-Type: text/plain', '')],
  ['headers only, no body', new Uint8Array(Buffer.from('Subject: only headers\r\nFrom: a@b.c\r\n'))],
  ['a leading empty line (no headers)', new Uint8Array(Buffer.from('\r\nHello body\r\n'))],
  [
    'an mbox "From " line',
    new Uint8Array(Buffer.from('From s@x.org Mon Jan 1 00:00:00 2024\nSubject: m\n\nbody\n')),
  ],
  [
    'a raw latin-1 byte in a header',
    new Uint8Array(
      Buffer.from('Subject: caf\xe9\nContent-Type: text/plain; charset=utf-8\n\nbody\n', 'latin1'),
    ),
  ],
  ['an unknown transfer encoding', mail('Content-Transfer-Encoding: x-uuencode', 'begin 644 a\r\n')],
  [
    'a UTF-8 character split by a soft break',
    mail(
      'Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: quoted-printable',
      '=C3=\r\n=A9t=C3=A9',
    ),
  ],
  ['8-bit bytes declared us-ascii', mail('Content-Type: text/plain; charset=us-ascii', 'café')],
  [
    'folded headers and windows-1252 quotes',
    mail(
      'Subject: a\n\tb\nContent-Type: text/plain ;\n\tcharset = "windows-1252" ',
      Buffer.from([0x93, 0x71, 0x94]),
    ),
  ],
  [
    'a reply with quoted text',
    mail('Subject: Re: x', 'Yes.\r\n\r\nOn Mon, 4 Mar 2024 10:00 +0100, Bob <b@x.org> wrote:\r\n> Ok?\r\n'),
  ],
];

/** Messages the fast path must leave to mailparser. */
const MIME_CASES: [string, Uint8Array][] = [
  ['multipart', mail('Content-Type: multipart/mixed; boundary=b', '--b\r\n\r\nx\r\n--b--\r\n')],
  ['format=flowed', mail('Content-Type: text/plain; format=flowed', 'soft \r\nwrap\r\n')],
  [
    'an attachment disposition',
    mail('Content-Type: text/plain\nContent-Disposition: attachment; filename=a.txt', 'x'),
  ],
  [
    'a multibyte legacy charset',
    mail('Content-Type: text/plain; charset=shift_jis', iconv.encode('日本', 'shift_jis')),
  ],
  ['a repeated Content-Type', mail('Content-Type: text/plain\nContent-Type: text/html', 'x')],
  [
    'base64 padded mid-body',
    mail('Content-Type: text/plain\nContent-Transfer-Encoding: base64', 'QQ==\r\nQg=='),
  ],
  ['an RFC 2231 charset', mail("Content-Type: text/plain; charset*=utf-8''x", 'x')],
  ['a non-text type', mail('Content-Type: image/png', 'x')],
];

describe('the e-mail fast path', () => {
  let generated: string;
  beforeAll(() => {
    generated = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-emails-'));
    const script = path.join(WORKLOAD_DIR, 'gen_emails.py');
    execFileSync('python3', [script, generated, '300'], { stdio: 'ignore' });
  });
  afterAll(() => fs.rmSync(generated, { recursive: true, force: true }));

  it.each(corpusEntries('email').map((entry) => [entry.file]))(
    'agrees with mailparser on %s',
    async (file) => {
      const { fast, full } = await bothRoutes(corpusBytes(file));
      expect(fast).toEqual(full);
    },
  );

  it('takes the single-part corpus e-mails', () => {
    const taken = corpusEntries('email').filter((entry) => fastApplies(corpusBytes(entry.file)));
    expect(taken.map((entry) => entry.file)).toEqual(['email/mime-word-encoded-subject.eml']);
    for (const file of ['hostile/outofmemory.eml', 'hostile/htmllargecallstack.eml']) {
      expect(fastApplies(corpusBytes(file))).toBe(true);
    }
  });

  it('takes every generated benchmark e-mail and agrees with mailparser on a sample', async () => {
    const files = fs.readdirSync(generated).sort();
    expect(files).toHaveLength(300);
    for (const [index, name] of files.entries()) {
      const bytes = new Uint8Array(fs.readFileSync(path.join(generated, name)));
      expect(fastApplies(bytes), name).toBe(true);
      if (index % 5 !== 0) continue;
      const { fast, full } = await bothRoutes(bytes);
      expect(fast, name).toEqual(full);
      expect(fast.message?.text.length, name).toBeGreaterThan(500);
    }
  });

  it.each(FAST_CASES)('takes and agrees with mailparser on %s', async (_, bytes) => {
    expect(fastApplies(bytes)).toBe(true);
    const { fast, full } = await bothRoutes(bytes);
    expect(fast).toEqual(full);
  });

  it('decodes what it takes', async () => {
    const [, latin] = FAST_CASES[0];
    const { fast } = await bothRoutes(latin);
    expect(fast.message?.text).toBe('Café crème, très long line\n= sign =ZZ');
    expect(fast.message?.subject).toBe('café');
    expect(fast.message?.from).toEqual({ name: 'André Dupré', address: 'andre@example.fr' });
    expect(fast.message?.to).toEqual([
      { name: '', address: 'a@example.com' },
      { name: 'Doe, J', address: 'j@x.org' },
    ]);
  });

  it('reads raw header bytes and legacy charsets', async () => {
    const byName = new Map(FAST_CASES);
    const latin = await parseEml(byName.get('a raw latin-1 byte in a header')!, emailContext());
    expect(latin.message?.subject).toBe('café');
    const quotes = await parseEml(byName.get('folded headers and windows-1252 quotes')!, emailContext());
    expect(quotes.message?.text).toBe('“q”');
    expect(quotes.message?.subject).toBe('a\tb');
  });

  it.each(MIME_CASES)('leaves %s to mailparser', (_, bytes) => {
    expect(fastApplies(bytes)).toBe(false);
  });
});
