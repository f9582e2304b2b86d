import { describe, expect, it } from 'vitest';
import { parseLooseDate } from './email-loose-date';
import { splitThread } from './email-thread';

describe('splitThread', () => {
  it('splits Outlook blocks in English and French, newest first', () => {
    const body = [
      'Thanks, see below.',
      '',
      '-----Original Message-----',
      'From: Bob Martin <bob@example.com>',
      'Sent: Tuesday, March 5, 2024 9:30 AM',
      'To: Alice <alice@example.com>',
      'Subject: RE: invoice',
      '',
      'Here is the invoice.',
      '',
      '________________________________',
      'De : Claire Petit <claire@example.fr>',
      'Envoyé : lundi 4 mars 2024 18:00',
      'À : Bob Martin <bob@example.com>',
      'Objet : facture',
      '',
      "Pouvez-vous m'envoyer la facture ?",
    ].join('\r\n');
    expect(splitThread(body)).toEqual({
      newest: 'Thanks, see below.',
      earlier: [
        { from: 'Bob Martin <bob@example.com>', date: '2024-03-05T09:30', text: 'Here is the invoice.' },
        {
          from: 'Claire Petit <claire@example.fr>',
          date: '2024-03-04T18:00',
          text: "Pouvez-vous m'envoyer la facture ?",
        },
      ],
    });
  });

  it('reads an attribution wrapped over two lines and one without a quote prefix', () => {
    const body = [
      'Sounds good.',
      '',
      'On Mon, Mar 4, 2024 at 10:15 AM Ann Smith <',
      'ann@example.com> wrote:',
      '',
      'Shall we meet on Friday?',
    ].join('\n');
    expect(splitThread(body)).toEqual({
      newest: 'Sounds good.',
      earlier: [
        { from: 'Ann Smith <ann@example.com>', date: '2024-03-04T10:15', text: 'Shall we meet on Friday?' },
      ],
    });
  });

  it('keeps an answer written below the quote (bottom posting) with the newest message', () => {
    const body = 'Bob wrote:\n> Is it ready?\n> Tell me.\n\nYes, it is.';
    expect(splitThread(body)).toEqual({
      newest: 'Yes, it is.',
      earlier: [{ from: 'Bob', date: null, text: 'Is it ready?\nTell me.' }],
    });
  });

  it('leaves a body without quotes whole, "From:" in prose included', () => {
    const body = 'Hello,\nFrom: the moment we met, I knew.\nSee you.';
    expect(splitThread(body)).toEqual({ newest: body, earlier: [] });
  });

  it('bounds a hostile chain of nested quotes', () => {
    const body = Array.from({ length: 300 }, (_, depth) => `${'>'.repeat(depth)} level ${depth}`).join('\n');
    const { newest, earlier } = splitThread(body);
    expect(newest).toBe('level 0');
    expect(earlier).toHaveLength(99);
    expect(earlier[98].text).toContain('level 299');
  });
});

describe('parseLooseDate', () => {
  it.each([
    ['Mon, Mar 4, 2024 at 10:15 AM', false, '2024-03-04T10:15'],
    ['lun. 4 mars 2024 à 22h05', true, '2024-03-04T22:05'],
    ['Tue, 16 Feb 2021 00:57:06 +0100', false, '2021-02-15T23:57:06.000Z'],
    ['Tuesday, March 5, 2024 9:30 PM (UTC)', false, '2024-03-05T21:30:00.000Z'],
    ['04/03/2024 10:15', true, '2024-03-04T10:15'],
    ['04/03/2024', false, '2024-04-03'],
    ['25/12/2023', false, '2023-12-25'],
    ['mardi 1er août 2023', true, '2023-08-01'],
    ['someday soon', false, null],
  ])('reads %j', (text, dayFirst, expected) => {
    expect(parseLooseDate(text, dayFirst)).toBe(expected);
  });
});
