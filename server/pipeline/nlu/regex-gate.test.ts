import { describe, expect, it } from 'vitest';
import { passesGate, regexGate, scanMatches } from './regex-gate';

describe('literal prefiltering of regular expressions', () => {
  it.each([
    ['\\b(?:invoice|inv|bill)\\s*(?:no\\.?|number|#)?\\s*\\d{5,10}\\b', 'i', ['invoice', 'inv', 'bill']],
    ['\\b[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,6}\\b', '', ['@']],
    ['\\bACC[-/ ]?\\d{4,8}\\b', '', ['ACC']],
    ['\\b\\d{1,3}(?:[ ,.]\\d{3})*(?:[.,]\\d{2})?\\s?(?:EUR|USD|GBP)\\b', 'i', ['eur', 'usd', 'gbp']],
    ['https?://[^\\s/]+/\\S*', 'i', ['http']],
    ['\\brelinquish\\W+(?:\\w+\\W+){0,4}neath\\b', 'i', ['relinquish']],
    ['cat|dog', '', ['cat', 'dog']],
  ])('%s (%s) needs one of %j', (source, flags, literals) => {
    expect(regexGate(source, flags)?.literals).toEqual(literals);
  });

  it.each([
    ['\\b\\d{1,2}[/.-]\\d{1,2}[/.-](?:19|20)\\d{2}\\b', ''],
    ['a?b?', ''],
    ['cat|\\d+', ''],
    ['é', 'i'],
    ['abc', 'iu'],
  ])('makes no gate for %s (%s)', (source, flags) => {
    const gate = regexGate(source, flags);
    expect(gate === null || gate.literals.every((l) => l.length > 0)).toBe(true);
    if (source !== '\\b\\d{1,2}[/.-]\\d{1,2}[/.-](?:19|20)\\d{2}\\b') expect(gate).toBeNull();
  });

  it('never turns away a text the expression matches', () => {
    const cases: [string, string, string][] = [
      ['\\bINVOICE\\s*\\d+', 'i', 'see Invoice 12345'],
      ['\\bACC-\\d+', '', 'ref ACC-1234'],
      ['(?:EUR|USD)', 'i', '100 eur'],
    ];
    for (const [source, flags, text] of cases) {
      expect(new RegExp(source, flags).test(text)).toBe(true);
      expect(passesGate(regexGate(source, flags), text, () => text.toLowerCase())).toBe(true);
    }
    expect(passesGate(regexGate('\\bACC-\\d+', ''), 'nothing here', () => '')).toBe(false);
  });
});

describe('scanning from prefix literals', () => {
  const scan = (source: string, flags: string, text: string) => {
    const found: string[] = [];
    const r = {
      regex: new RegExp(source, `${flags}g`),
      sticky: new RegExp(source, `${flags}y`),
      gate: regexGate(source, flags),
    };
    scanMatches(
      r,
      text,
      () => text.toLowerCase(),
      (start, length) => found.push(text.slice(start, start + length)),
    );
    return found;
  };
  const global = (source: string, flags: string, text: string) =>
    [...text.matchAll(new RegExp(source, `${flags}g`))].map((m) => m[0]);

  it.each([
    [
      '\\b(?:invoice|inv|bill)\\s*#?\\d{3,}',
      'i',
      'Invoice #123, inv 4567 and BILL 89 then bill 999; invoice42',
    ],
    ['\\bACC[-/ ]?\\d{4,8}\\b', '', 'ACC-1234 ACC12 xACC-5555 ACC 98765'],
    ['\\b(?:re|fwd?|tr)\\s*:', 'i', 'Re: Fwd: TR : there: re re:'],
    ['[\\w.]+@[\\w.]+', '', 'mail a.b@c.d and x@y'],
  ])('finds what a global scan finds: %s', (source, flags, text) => {
    expect(regexGate(source, flags)).not.toBeNull();
    expect(scan(source, flags, text)).toEqual(global(source, flags, text));
  });

  it('tries the expression only where a prefix stands', () => {
    expect(regexGate('\\b(?:invoice|bill)\\d+', 'i')?.prefixes).toEqual(['invoice', 'bill']);
    expect(regexGate('[\\w.]+@[\\w.]+', '')?.prefixes).toBeNull();
  });
});
