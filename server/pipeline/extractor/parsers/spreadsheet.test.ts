import * as XLSX from '@e965/xlsx';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { SpreadsheetOptions } from '../../../../schemas/extractor-settings';
import { corpusBytes, corpusEntries, corpusEntry, squash, type CorpusEntry } from '../test-support/corpus';
import { ParseError, type ParseContext, type ParseOutput } from '../types';
import { buildZipBomb, recordingOcr } from './document-fixtures';
import { spreadsheetParser } from './spreadsheet';
import { MAX_ROWS, readWorkbook } from './spreadsheet-sandbox';
import { said } from '../test-support/warnings';

const DEFAULTS: SpreadsheetOptions = { readVertically: false, unmergeCells: false, parseHiddenSheets: false };

const context = (options: Partial<SpreadsheetOptions> = {}, signal = new AbortController().signal) =>
  ({
    options: { ...DEFAULTS, ...options },
    signal,
    ocr: recordingOcr(),
    speech: null,
  }) satisfies ParseContext<'spreadsheet'>;

const parse = (bytes: Uint8Array, filename: string, options: Partial<SpreadsheetOptions> = {}) =>
  spreadsheetParser.parse({ filename, bytes }, context(options));

const failure = async (promise: Promise<unknown>): Promise<ParseError> => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ParseError);
  return error as ParseError;
};

/** An XLSX written by SheetJS itself: rows of cells, optional merges, sheet by sheet. */
const xlsx = (sheets: Record<string, { rows: unknown[][]; merges?: string[] }>): Uint8Array => {
  const book = XLSX.utils.book_new();
  for (const [name, { rows, merges = [] }] of Object.entries(sheets)) {
    const sheet = XLSX.utils.aoa_to_sheet(rows);
    sheet['!merges'] = merges.map((ref) => XLSX.utils.decode_range(ref));
    XLSX.utils.book_append_sheet(book, sheet, name);
  }
  return new Uint8Array(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
};

const cellsOf = (page: { text: string }) => page.text.split('\n').map((line) => line.split('\t'));
const pageOf = (out: ParseOutput, label: string) => {
  const page = out.pages.find((p) => p.label === label);
  expect(page, `sheet ${label}`).toBeDefined();
  return page!;
};

/** The manifest writes typed ODS cells as "date 2021-01-01"; the text shows them in ISO 8601. */
const expectedCell = (value: unknown): string => {
  const typed = /^(date|datetime|duration) (.+)$/.exec(String(value));
  if (!typed) return String(value);
  if (typed[1] === 'duration') {
    const [, h, m, s] = /^PT(\d+)H(\d+)M(\d+)S$/.exec(typed[2])!;
    return [h, m, s].map((n) => n.padStart(2, '0')).join(':');
  }
  return typed[2];
};

type FactCheck = (value: unknown, out: { all: ParseOutput; visible: ParseOutput }) => void;

/** Every fact key of the spreadsheet files is checked here or listed in UNCHECKED with the reason. */
const FACT_CHECKS: Record<string, FactCheck> = {
  sheet_names: (names, { all }) => {
    expect(JSON.parse(String(all.metadata.sheetNames))).toEqual(names);
    expect(all.pages.map((p) => p.label)).toEqual(names);
  },
  /** "Sheet!A1": the value is a whole cell of the sheet's page, in the column the address names. */
  cells: (cells, { all }) => {
    for (const [ref, value] of Object.entries(cells as Record<string, unknown>)) {
      const sheet = ref.slice(0, ref.lastIndexOf('!'));
      const { c } = XLSX.utils.decode_cell(ref.slice(ref.lastIndexOf('!') + 1));
      const row = cellsOf(pageOf(all, sheet)).find((cells) => cells.includes(expectedCell(value)));
      expect(row, `${ref} = ${String(value)}`).toBeDefined();
      expect(row!.indexOf(expectedCell(value)), `column of ${ref}`).toBe(c);
    }
  },
  phrases: (phrases, { all }) => {
    const text = squash(all.pages.map((p) => p.text).join('\n'));
    for (const phrase of phrases as string[]) expect(text).toContain(squash(phrase));
  },
  table_text: (table, { all }) => expect(squash(all.pages[0].text)).toContain(String(table)),
  sheet_visibility: (visibility, { visible }) => {
    for (const [name, state] of Object.entries(visibility as Record<string, string>)) {
      const labels = visible.pages.map((p) => p.label);
      if (state === 'visible') expect(labels).toContain(name);
      else {
        expect(labels).not.toContain(name);
        expect(said(visible.warnings).join('\n')).toContain(name);
      }
    }
  },
  /** External link targets follow the sheet's cells; internal ones ("internal …") are navigation. */
  hyperlinks: (links, { all }) => {
    for (const [ref, target] of Object.entries(links as Record<string, string>)) {
      const page = pageOf(all, ref.slice(0, ref.lastIndexOf('!')));
      if (target.startsWith('internal ')) expect(page.text).not.toContain(target.slice('internal '.length));
      else expect(page.text.split('\n'), ref).toContain(target);
    }
  },
  has_vba_project: (value, { all }) => expect(all.metadata.hasMacros).toBe(value),
};

const UNCHECKED: Record<string, string> = {
  formulas: 'formulas are not kept: the text holds their cached values (see cells)',
  has_defined_names: 'defined names are not part of the text',
  vba_module: 'macro source is not extracted; hasMacros says a workbook has macros',
  vba_code_contains: 'macro source is not extracted',
  vba_references: 'macro source is not extracted',
};

describe('spreadsheetParser on the corpus', () => {
  const entries = corpusEntries('spreadsheet');

  it('covers the 12 spreadsheets of the corpus', () => expect(entries).toHaveLength(12));

  it.each(entries.map((entry) => [entry.file, entry] as [string, CorpusEntry]))(
    '%s: the manifest facts hold',
    async (file, entry) => {
      const bytes = corpusBytes(file);
      const out = {
        all: await parse(bytes, file, { parseHiddenSheets: true }),
        visible: await parse(bytes, file),
      };
      expect(said(out.all.warnings)).toEqual([]);
      expect(out.all.metadata.hasMacros).toBe(entry.facts.has_vba_project === true);
      for (const [key, value] of Object.entries(entry.facts)) {
        if (key in UNCHECKED) continue;
        expect(FACT_CHECKS[key], `a check for the fact "${key}"`).toBeDefined();
        FACT_CHECKS[key](value, out);
      }
    },
  );

  it('writes rows as lines and cells as tab-separated formatted values', async () => {
    const out = await parse(corpusBytes('spreadsheet/issue221.xlsm'), 'issue221.xlsm');
    expect(out.pages).toEqual([{ text: 'Cell_A1\tCell_B1\nCell_A2\tCell_B2', ocr: false, label: 'Sheet1' }]);
    const formats = await parse(corpusBytes('spreadsheet/Formate.xls'), 'Formate.xls');
    expect(pageOf(formats, 'Blätt1').text.split('\n')).toEqual(
      expect.arrayContaining(['Morgen\t06:34', 'gut\t97.4%', 'viel\t1,000.30 €']),
    );
  });

  it('writes dates in ISO 8601 (date, or date and time), times of day as formatted', async () => {
    const out = await parse(corpusBytes('spreadsheet/date.ods'), 'date.ods');
    expect(out.pages[0].text).toBe('2021-01-01\t15\n2021-01-01T10:10:10\t16\n10:10:10\t17\n10:10:10.12\t18');
    // 03/07/1907 in a DD/MM/YYYY format, and a long "Tuesday, May 03, 1988" format.
    const formats = await parse(corpusBytes('spreadsheet/Formate.xls'), 'Formate.xls');
    expect(pageOf(formats, 'Blätt1').text).toMatch(
      /^Huber\t1907-07-03\nÄcker\t2005-02-23\nÖcker\t1988-05-03\n/,
    );
  });

  it('gives the same dates whatever the time zone of the process', async () => {
    const before = process.env.TZ;
    try {
      process.env.TZ = 'Pacific/Kiritimati';
      const east = await parse(corpusBytes('spreadsheet/date.ods'), 'date.ods');
      process.env.TZ = 'Pacific/Pago_Pago';
      const west = await parse(corpusBytes('spreadsheet/date.ods'), 'date.ods');
      expect(east.pages[0].text).toBe(west.pages[0].text);
      expect(east.pages[0].text).toContain('2021-01-01T10:10:10');
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });

  it('finds macros by their vbaProject.bin', async () => {
    expect((await parse(corpusBytes('spreadsheet/vba.xlsm'), 'vba.xlsm')).metadata.hasMacros).toBe(true);
    expect((await parse(corpusBytes('spreadsheet/issue221.xlsm'), 'issue221.xlsm')).metadata.hasMacros).toBe(
      false,
    );
  });
});

describe('spreadsheetParser options', () => {
  it('readVertically writes one line per column', async () => {
    const out = await parse(corpusBytes('spreadsheet/issue221.xlsm'), 'issue221.xlsm', {
      readVertically: true,
    });
    expect(out.pages[0].text).toBe('Cell_A1\tCell_A2\nCell_B1\tCell_B2');
    const stanley = await parse(corpusBytes('spreadsheet/stanley-cups.xlsx'), 's.xlsx', {
      readVertically: true,
    });
    expect(stanley.pages[0].text.split('\n')[1]).toBe('\tLocation\tSTL\tPHI\tTOR');
  });

  it('unmergeCells repeats a merged value in every cell of its range; otherwise only the top-left cell has it', async () => {
    const bytes = xlsx({
      Merged: {
        rows: [
          ['Quarter', null, null, 'Total'],
          [null, null, null, 10],
          ['a', 'b', 'c', 20],
        ],
        merges: ['A1:C2'],
      },
    });
    expect((await parse(bytes, 'm.xlsx')).pages[0].text).toBe('Quarter\t\t\tTotal\n\t\t\t10\na\tb\tc\t20');
    expect((await parse(bytes, 'm.xlsx', { unmergeCells: true })).pages[0].text).toBe(
      'Quarter\tQuarter\tQuarter\tTotal\nQuarter\tQuarter\tQuarter\t10\na\tb\tc\t20',
    );
    const formats = await parse(corpusBytes('spreadsheet/Formate.xls'), 'Formate.xls', {
      unmergeCells: true,
    });
    const merged = '\t\tMERGED CELLS\tMERGED CELLS\tMERGED CELLS';
    expect(pageOf(formats, 'ÖÄÜ').text).toBe(['-100', '', merged, merged, merged].join('\n'));
  });

  it('parseHiddenSheets reads hidden sheets; off, they are left out with a warning naming them (ODS)', async () => {
    const bytes = corpusBytes('spreadsheet/any_sheets.ods');
    const hidden = await parse(bytes, 'any_sheets.ods');
    expect(hidden.pages.map((p) => p.label)).toEqual(['Visible', 'Chart']);
    expect(said(hidden.warnings)).toEqual(['Hidden sheets left out: Hidden, VeryHidden']);
    expect(hidden.metadata.sheetCount).toBe(4);
    const all = await parse(bytes, 'any_sheets.ods', { parseHiddenSheets: true });
    expect(all.pages.map((p) => p.label)).toEqual(['Visible', 'Hidden', 'VeryHidden', 'Chart']);
  });

  it('parseHiddenSheets also applies to XLS hidden sheets', async () => {
    const bytes = corpusBytes('hostile/OOM_alloc.xls');
    const out = await parse(bytes, 'OOM_alloc.xls');
    expect(out.pages.map((p) => p.label)).toEqual(['Weekly Report']);
    expect(said(out.warnings)[0]).toMatch(/^Hidden sheets left out: Data, EIM New Deals, .*Data People$/);
    expect((await parse(bytes, 'OOM_alloc.xls', { parseHiddenSheets: true })).pages).toHaveLength(10);
  });

  it('stops when the analysis is aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const run = spreadsheetParser.parse(
      { filename: 'm.xlsx', bytes: corpusBytes('spreadsheet/markitdown-test.xlsx') },
      context({}, controller.signal),
    );
    await expect(run).rejects.toThrow(/abort/i);
  });
});

describe('spreadsheetParser on hostile files', () => {
  it('issue_594_dos.ods (10^18 declared cells) is refused with a cell-limit error', async () => {
    const entry = corpusEntry('hostile/issue_594_dos.ods');
    expect(entry.facts.expected_behaviour).toMatch(/cell-limit error/);
    const error = await failure(parse(corpusBytes(entry.file), 'issue_594_dos.ods'));
    expect(error.code).toBe('CELL_LIMIT');
    expect(error.message).toMatch(/cell limit exceeded/);
  });

  it('refuses the same cells before SheetJS would repeat them, once the file is complete enough for SheetJS', async () => {
    // The corpus file lacks styles.xml, so SheetJS alone refuses it; with it, SheetJS loops 10^18 times.
    const error = await failure(parse(odsWithStyles(corpusBytes('hostile/issue_594_dos.ods')), 'dos.ods'));
    expect(error.code).toBe('CELL_LIMIT');
  });

  it('too_small.xls (68 bytes of text) is refused cleanly as no spreadsheet', async () => {
    expect(corpusEntry('hostile/too_small.xls').facts.expected_behaviour).toMatch(/clean error/);
    const error = await failure(parse(corpusBytes('hostile/too_small.xls'), 'too_small.xls'));
    expect(error.code).toBe('NOT_A_SPREADSHEET');
    expect(error.message).toContain('68 bytes');
  });

  it('OOM_alloc.xls opens without exhausting memory', async () => {
    expect(corpusEntry('hostile/OOM_alloc.xls').facts.expected_behaviour).toMatch(/without out-of-memory/);
    const out = await parse(corpusBytes('hostile/OOM_alloc.xls'), 'OOM_alloc.xls', {
      parseHiddenSheets: true,
    });
    expect(out.pages).toHaveLength(10);
    expect(said(out.warnings)).toEqual([]);
  });

  it('corrupted_error.xls opens as xlrd does with ignore_workbook_corruption', async () => {
    expect(corpusEntry('hostile/corrupted_error.xls').facts.expected_behaviour).toMatch(
      /ignore_workbook_corruption/,
    );
    const out = await parse(corpusBytes('hostile/corrupted_error.xls'), 'corrupted_error.xls');
    expect(out.pages).toHaveLength(9);
    expect(out.pages[0].label).toBe('Трубы ВГП');
    expect(out.pages[0].text.split('\n')[0]).toBe('ПРАЙС-ЛИСТ');
  });

  it('defuses the formula records SheetJS would loop on for ever (found by fuzzing OOM_alloc.xls)', async () => {
    const error = await failure(parse(fuzzedXls(), 'fuzzed.xls'));
    expect(error).toMatchObject({
      code: 'SPREADSHEET_DAMAGED',
      message: 'The spreadsheet could not be read: none of its sheets is readable',
    });
  });

  it('clamps ODS digit counts SheetJS would allocate (decimal-places="999999999", found by fuzzing date.ods)', async () => {
    const out = await parse(hugeDecimals(), 'digits.ods');
    expect(out.pages[0].text).toContain('2021-01-01');
  });

  it('a merge over a whole sheet with unmergeCells stays within the cell and text budget', async () => {
    const bytes = xlsx({ Huge: { rows: [['x']], merges: ['A1:XFD1048576'] } });
    const out = await parse(bytes, 'huge.xlsx', { unmergeCells: true });
    expect(said(out.warnings)).toEqual([
      'Sheet "Huge" and the sheets after it are cut: a workbook yields at most 2000000 cells and 20000000 characters of text',
    ]);
    expect(out.pages[0].text.length).toBeLessThanOrEqual(20_000_000);
  });

  it('leaves out a cell addressed far beyond the sheet, in either reading direction (found by fuzzing)', async () => {
    const files = unzipSync(xlsx({ Far: { rows: [['near', 'B1']] } }));
    const sheet = new TextDecoder().decode(files['xl/worksheets/sheet1.xml']);
    files['xl/worksheets/sheet1.xml'] = strToU8(sheet.replace('r="B1"', 'r="B999999999"'));
    for (const readVertically of [false, true]) {
      const out = await parse(zipSync(files), 'far.xlsx', { readVertically });
      expect(out.pages[0].text).toBe('near');
      expect(said(out.warnings)).toEqual([
        `Sheet "Far": cells beyond row ${MAX_ROWS} or column 16384 were left out`,
      ]);
    }
  });

  it('many merges over filled cells stay within the unmerge budget', async () => {
    const rows = Array.from({ length: 100 }, (_, r) => Array.from({ length: 100 }, (_, c) => `${r}:${c}`));
    const bytes = xlsx({ Overlap: { rows, merges: Array<string>(100_000).fill('A1:CV100') } });
    const started = Date.now();
    const out = await parse(bytes, 'overlap.xlsx', { unmergeCells: true });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(said(out.warnings)[0]).toMatch(/^Sheet "Overlap" and the sheets after it are cut/);
    expect(out.pages[0].text.split('\n')).toHaveLength(100);
  });

  it('reads at most MAX_ROWS rows of a sheet and says so', async () => {
    const rows = Array.from({ length: MAX_ROWS + 5 }, (_, i) => [`row ${i + 1}`]);
    const out = await parse(xlsx({ Long: { rows } }), 'long.xlsx');
    const lines = out.pages[0].text.split('\n');
    expect(lines).toHaveLength(MAX_ROWS);
    expect(lines.at(-1)).toBe(`row ${MAX_ROWS}`);
    expect(said(out.warnings)).toEqual([`Sheet "Long": only the first ${MAX_ROWS} rows were read`]);
  });

  it('refuses a zip bomb before SheetJS inflates it', async () => {
    const error = await failure(parse(buildZipBomb(400), 'bomb.xlsx'));
    expect(error.code).toBe('ZIP_BOMB');
  });

  it('refuses a password-protected workbook (encrypted XLSX container, or XLS with FILEPASS)', async () => {
    const container = XLSX.CFB.utils.cfb_new();
    XLSX.CFB.utils.cfb_add(container, 'EncryptionInfo', new Uint8Array(8));
    XLSX.CFB.utils.cfb_add(container, 'EncryptedPackage', new Uint8Array(64));
    const encrypted = new Uint8Array(XLSX.CFB.write(container, { type: 'buffer' }) as Buffer);
    expect((await failure(parse(encrypted, 'secret.xlsx'))).code).toBe('ENCRYPTED');
    // A bare BIFF8 stream: BOF (0x0809, 16 bytes) then FILEPASS (0x002F).
    const biff = new Uint8Array([0x09, 0x08, 16, 0, 0, 6, 5, 0, ...Array(12).fill(0), 0x2f, 0, 2, 0, 0, 0]);
    expect((await failure(parse(biff, 'secret.xls'))).code).toBe('ENCRYPTED');
  });

  it('refuses an empty file of every spreadsheet extension', async () => {
    for (const extension of spreadsheetParser.extensions) {
      expect((await failure(parse(new Uint8Array(0), `empty.${extension}`))).code).toBe('NOT_A_SPREADSHEET');
    }
  });

  it('refuses files that are no spreadsheet whatever their extension says', async () => {
    expect((await failure(parse(corpusBytes('image/textract-raw_text.png'), 'image.xlsx'))).code).toBe(
      'NOT_A_SPREADSHEET',
    );
    const doc = await failure(parse(corpusBytes('office/harmless-clean.doc'), 'letter.xls'));
    expect(doc.message).toBe('The file is an OLE document without an Excel workbook in it');
    const docx = await failure(parse(corpusBytes('office/docx-tables.docx'), 'tables.xlsx'));
    expect(docx.message).toMatch(/^The spreadsheet could not be read/);
    // A BIFF2 worksheet (Excel 2.x): no longer read.
    const biff2 = new Uint8Array([0x09, 0x00, 4, 0, 2, 0, 0x10, 0]);
    expect((await failure(parse(biff2, 'old.xls'))).code).toBe('NOT_A_SPREADSHEET');
  });
});

/** issue_594_dos.ods with the styles.xml SheetJS needs before it starts on the cells. */
const odsWithStyles = (ods: Uint8Array) => {
  const files = unzipSync(ods);
  files['styles.xml'] = strToU8(
    '<office:document-styles xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"/>',
  );
  return zipSync(files);
};

/** OOM_alloc.xls with one length byte changed: the records after it are read out of step. */
const fuzzedXls = () => {
  const bytes = corpusBytes('hostile/OOM_alloc.xls');
  bytes[38_379] = 0x7f;
  return bytes;
};

/** date.ods whose first number style asks for 999,999,999 decimal places. */
const hugeDecimals = () => {
  const files = unzipSync(corpusBytes('spreadsheet/date.ods'));
  const styles = new TextDecoder().decode(files['styles.xml']);
  files['styles.xml'] = strToU8(
    styles.replace('number:decimal-places="0"', 'number:decimal-places="999999999"'),
  );
  return zipSync(files);
};

describe('the SheetJS sandbox', () => {
  const signal = new AbortController().signal;
  const limits = { heapMb: 256, timeoutMs: 3000 };

  it('reads a workbook in a worker thread', async () => {
    const workbook = await readWorkbook(corpusBytes('spreadsheet/issue221.xlsm'), signal, limits);
    expect(workbook.SheetNames).toEqual(['Sheet1']);
  });

  it('ends SheetJS when it loops (the fuzzed XLS, undefused)', async () => {
    const workbookStream = XLSX.CFB.find(
      XLSX.CFB.read(Buffer.from(fuzzedXls()), { type: 'buffer' }),
      '/Workbook',
    );
    const error = await failure(
      readWorkbook(Uint8Array.from(workbookStream!.content as ArrayLike<number>), signal, limits),
    );
    expect(error).toMatchObject({
      code: 'SPREADSHEET_TOO_SLOW',
      message: 'Reading the spreadsheet took longer than 3 s',
    });
  });

  it('ends SheetJS when its heap runs out (the huge digit count, unclamped)', async () => {
    const error = await failure(readWorkbook(hugeDecimals(), signal, { heapMb: 64, timeoutMs: 25_000 }));
    expect(error).toMatchObject({
      code: 'SPREADSHEET_TOO_LARGE',
      message: 'Reading the spreadsheet needs more than 64 MB of memory',
    });
  });

  it('ends SheetJS when the analysis is aborted', async () => {
    const controller = new AbortController();
    const reading = readWorkbook(
      odsWithStyles(corpusBytes('hostile/issue_594_dos.ods')),
      controller.signal,
      limits,
    );
    setTimeout(() => controller.abort(new Error('analysis aborted')), 200);
    await expect(reading).rejects.toThrow('analysis aborted');
  });
});
