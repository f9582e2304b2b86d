import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import * as XLSX from '@e965/xlsx';
import { zipSync } from 'fflate';
import { EXTENSIONS_BY_FAMILY, type SpreadsheetOptions } from '../../../../schemas/extractor-settings';
import { parseFailure, type ParseError, type ParsedPage, type Parser } from '../types';
import { traceMessage, type TraceMessage } from '../../../../schemas/trace-messages';
import { unzipBounded } from './zip';

/** Rows read per sheet (SheetJS stops there). */
export const MAX_ROWS = 100_000;
/** Excel's own column limit; a cell further right comes from a crafted file and is dropped. */
const MAX_COLUMNS = 16_384;
/** Cells turned into text in the whole workbook, merged copies included. */
const MAX_CELLS = 2_000_000;
/** Characters of text in the whole workbook. */
const MAX_CHARS = 20_000_000;

const isDateFormat: (format: string) => boolean = XLSX.SSF.is_date;

type Grid = Map<number, Map<number, string>>;
interface Budget {
  cells: number;
  chars: number;
  /** Cells of merged ranges visited: overlapping merges over filled cells place nothing, yet cost time. */
  steps: number;
  /** Set once a cell or a line did not fit; `told` once the warning is given. */
  full?: boolean;
  told?: boolean;
}

/**
 * Spreadsheets (XLS, XLSX, XLSM, ODS): one page per sheet, labelled with its name, one line per row
 * (or per column when reading vertically), cells separated by tabs as the sheet formats them, dates
 * in ISO 8601, then the sheet's external link targets. Hostile files stay bounded: ZIP containers
 * are inflated with limits first (SheetJS then reads exactly what was checked), what is known to
 * send SheetJS into a loop or an endless allocation is defused before it reads the file (ODS
 * repeat counts and digit counts, XLS formula token streams), SheetJS itself runs in a worker
 * thread with a heap cap and a time limit, and rows, cells and text are capped.
 *
 * @example
 *   const out = await spreadsheetParser.parse({ filename: 'prices.xlsx', bytes }, context);
 *   out.pages.map((page) => page.label); // sheet names
 */
export const spreadsheetParser: Parser<'spreadsheet'> = {
  family: 'spreadsheet',
  extensions: EXTENSIONS_BY_FAMILY.spreadsheet,
  async parse({ bytes }, { options, signal }) {
    const container = open(bytes);
    const workbook = await readWorkbook(container.bytes, signal);
    const info = workbook.Workbook?.Sheets ?? [];
    const date1904 = Boolean(workbook.Workbook?.WBProps?.date1904);
    const budget: Budget = { cells: MAX_CELLS, chars: MAX_CHARS, steps: 2 * MAX_CELLS };
    const pages: ParsedPage[] = [];
    const warnings: TraceMessage[] = [];
    const skipped: string[] = [];
    workbook.SheetNames.forEach((name, i) => {
      const hidden = container.hiddenSheets.has(name) || (info[i]?.Hidden ?? 0) > 0;
      const sheet = workbook.Sheets[name] as XLSX.WorkSheet | undefined;
      if (hidden && !options.parseHiddenSheets) skipped.push(name);
      else if (!sheet) warnings.push(traceMessage('warnSheetUnreadable', { sheet: name }));
      else {
        const text = sheetText(name, sheet, options, { budget, date1904, signal, warnings });
        pages.push({ text, ocr: false, label: name });
      }
    });
    if (workbook.SheetNames.every((name) => !workbook.Sheets[name])) {
      throw parseFailure('SPREADSHEET_DAMAGED', traceMessage('parseSpreadsheetNoSheet'));
    }
    if (skipped.length > 0) warnings.push(traceMessage('warnHiddenSheets', { sheets: skipped.join(', ') }));
    return {
      pages,
      attachments: [],
      metadata: {
        sheetNames: JSON.stringify(workbook.SheetNames),
        sheetCount: workbook.SheetNames.length,
        hasMacros: container.hasMacros,
      },
      warnings,
    };
  },
};

interface Container {
  bytes: Uint8Array;
  hasMacros: boolean;
  /** ODS only: SheetJS does not report which of its sheets are hidden. */
  hiddenSheets: Set<string>;
}

const CFB_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
/** Entries SheetJS reads; pictures, embedded objects and macros are never inflated. */
const READ_ENTRY = /\.(xml|rels|vml)$|^mimetype$/i;
const ODS_MACRO = /^Basic\/[^/]+\/(?!script-l[bc]\.xml$)[^/]+\.xml$/;

/** Recognises the container by its bytes, whatever the extension says, and checks it is bounded. */
const open = (bytes: Uint8Array): Container => {
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) {
    const names: string[] = [];
    const files = unzipBounded(bytes, (name) => {
      names.push(name);
      return READ_ENTRY.test(name);
    });
    const content = files.get('content.xml');
    const ods = content && !files.has('[Content_Types].xml') ? scanOds(content) : undefined;
    if (ods) {
      for (const name of ['content.xml', 'styles.xml']) {
        const xml = files.get(name);
        if (xml) files.set(name, clampDigits(xml));
      }
    }
    return {
      // Stored, not compressed: SheetJS sees exactly the entries inflated under the limits.
      bytes: zipSync(Object.fromEntries(files), { level: 0 }),
      hasMacros: names.some((name) => /(^|\/)vbaProject\.bin$/i.test(name) || ODS_MACRO.test(name)),
      hiddenSheets: ods?.hidden ?? new Set(),
    };
  }
  if (CFB_SIGNATURE.every((byte, i) => bytes[i] === byte)) return openCfb(bytes);
  // A bare BIFF5/8 workbook stream, without its OLE container, starts with the BOF record 0x0809.
  if (bytes[0] === 0x09 && bytes[1] === 0x08 && bytes[3] === 0) {
    return { bytes: withoutFormulas(bytes.slice()), hasMacros: false, hiddenSheets: new Set() };
  }
  throw parseFailure('NOT_A_SPREADSHEET', traceMessage('parseNotSpreadsheetBytes', { bytes: bytes.length }));
};

interface CfbEntry {
  content?: ArrayLike<number>;
}
interface CfbContainer {
  FullPaths: string[];
}
const CFB = XLSX.CFB as {
  read(data: Buffer, options: { type: 'buffer' }): CfbContainer;
  find(container: CfbContainer, path: string): CfbEntry | null;
};

/** An OLE compound file (XLS, or an encrypted XLSX): its workbook stream, made safe for SheetJS. */
const openCfb = (bytes: Uint8Array): Container => {
  let cfb: CfbContainer;
  try {
    cfb = CFB.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { type: 'buffer' });
  } catch (error) {
    throw sheetJsError(String((error as Error)?.message ?? error));
  }
  if (CFB.find(cfb, 'EncryptedPackage') || CFB.find(cfb, '/encryption')) {
    throw parseFailure('ENCRYPTED', traceMessage('parseWorkbookEncrypted'));
  }
  const stream = CFB.find(cfb, '/Workbook') ?? CFB.find(cfb, '/Book');
  if (!stream?.content) {
    throw parseFailure('NOT_A_SPREADSHEET', traceMessage('parseNotSpreadsheet'));
  }
  return {
    bytes: withoutFormulas(Uint8Array.from(stream.content)),
    hasMacros: cfb.FullPaths.some((name) => /_VBA_PROJECT_CUR/i.test(name)),
    hiddenSheets: new Set(),
  };
};

/** Where the formula's token count (cce) sits in FORMULA, ARRAY, SHRFMLA and NAME records (BIFF5/8). */
const FORMULA_LENGTH_AT = new Map([
  [0x0006, 20],
  [0x0221, 12],
  [0x04bc, 8],
  [0x0018, 4],
]);
/** The BIFF2–4 ids of those records, which SheetJS parses as formulas too but BIFF5/8 never uses. */
const OLD_FORMULA_RECORDS = [0x0021, 0x0206, 0x0218, 0x0406];
/** A record id SheetJS does not know: it steps over the record. */
const IGNORED = 0x7fff;
const FILEPASS = 0x002f;

/**
 * SheetJS parses every formula's token stream, even with formulas turned off, and loops for ever on
 * a token count that is missing or overruns its record (found by fuzzing OOM_alloc.xls). The text
 * needs only the cached values: each formula's token count is set to zero, and a formula record too
 * short to hold one is renamed so that SheetJS skips it.
 */
const withoutFormulas = (stream: Uint8Array): Uint8Array => {
  for (let at = 0; at + 4 <= stream.length;) {
    const id = stream[at] | (stream[at + 1] << 8);
    const size = stream[at + 2] | (stream[at + 3] << 8);
    // Records after FILEPASS are encrypted: zeroing bytes in them would corrupt the cipher text.
    if (id === FILEPASS) throw parseFailure('ENCRYPTED', traceMessage('parseWorkbookEncrypted'));
    const cce = FORMULA_LENGTH_AT.get(id);
    if (cce !== undefined && cce + 2 <= size) stream.fill(0, at + 4 + cce, at + 6 + cce);
    else if (cce !== undefined || OLD_FORMULA_RECORDS.includes(id)) {
      stream[at] = IGNORED & 0xff;
      stream[at + 1] = IGNORED >> 8;
    }
    at += 4 + size;
  }
  return stream;
};

/**
 * ODS number styles say how many digits to show, and SheetJS writes that many "0"s into the format:
 * decimal-places="999999999" exhausts the heap. Anything but a one- or two-digit count becomes 15.
 */
const DIGIT_COUNT =
  /(\s(?:[\w.-]+:)?(?:min-)?(?:decimal-places|integer-digits|exponent-digits|numerator-digits|denominator-digits)\s*=\s*)("[^"]*"|'[^']*')/g;

const clampDigits = (xml: Uint8Array): Uint8Array => {
  const text = new TextDecoder().decode(xml);
  const clamped = text.replace(DIGIT_COUNT, (all, name: string, value: string) =>
    /^["']\s*\d{1,2}\s*["']$/.test(value) ? all : `${name}"15"`,
  );
  return clamped === text ? xml : new TextEncoder().encode(clamped);
};

/** Above this, SheetJS would spend minutes and gigabytes repeating cells. */
const MAX_DECLARED_CELLS = 10_000_000;
const ODS_TAG =
  /<(\/?)(?:[\w.-]+:)?(table|table-row|table-cell|style|table-properties)(?=[\s/>])([^>]*?)(\/?)>/g;

const ATTRIBUTES = new Map<string, RegExp>();
const attribute = (attributes: string, name: string): string | undefined => {
  let pattern = ATTRIBUTES.get(name);
  if (!pattern) {
    pattern = new RegExp(`(?:^|\\s)(?:[\\w.-]+:)?${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`);
    ATTRIBUTES.set(name, pattern);
  }
  return pattern.exec(attributes)?.slice(1).join('');
};

const unescapeXml = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, entity: string) => {
    const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
    if (entity[0] !== '#') return named[entity.toLowerCase()];
    const code = Number.parseInt(entity.slice(entity[1] === 'x' ? 2 : 1), entity[1] === 'x' ? 16 : 10);
    return code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd';
  });

/**
 * Reads an ODS content.xml the way SheetJS will: a cell with content is copied once per repeated
 * column and repeated row, so a 1 KB file may declare 10^18 cells (calamine issue 594). Also finds the
 * sheets whose table style says `table:display="false"`.
 */
const scanOds = (content: Uint8Array): { hidden: Set<string> } => {
  const xml = new TextDecoder().decode(content);
  const hiddenStyles = new Set<string>();
  const hidden = new Set<string>();
  let style: string | undefined;
  let rowRepeat = 1;
  let cells = 0;
  for (const [, closing, tag, attributes, selfClosing] of xml.matchAll(ODS_TAG)) {
    if (closing) {
      if (tag === 'style') style = undefined;
      continue;
    }
    if (tag === 'style')
      style = attribute(attributes, 'family') === 'table' ? attribute(attributes, 'name') : undefined;
    else if (tag === 'table-properties' && style && attribute(attributes, 'display') === 'false')
      hiddenStyles.add(style);
    else if (tag === 'table' && hiddenStyles.has(attribute(attributes, 'style-name') ?? '')) {
      hidden.add(unescapeXml(attribute(attributes, 'name') ?? ''));
    } else if (tag === 'table-row')
      rowRepeat = Number(attribute(attributes, 'number-rows-repeated') ?? 1) || 1;
    else if (tag === 'table-cell' && !selfClosing) {
      cells += rowRepeat * (Number(attribute(attributes, 'number-columns-repeated') ?? 1) || 1);
      if (cells > MAX_DECLARED_CELLS) {
        throw parseFailure(
          'CELL_LIMIT',
          traceMessage('parseSpreadsheetCells', { cells: MAX_DECLARED_CELLS.toLocaleString('en') }),
        );
      }
    }
  }
  return { hidden };
};

/**
 * SheetJS runs in a worker thread: its heap is capped and its time limited, so a file that sends it
 * into a loop or an allocation nobody foresaw costs one worker, never the process. Its console
 * chatter about odd records is silenced there.
 */
const SHEETJS_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
for (const level of ['log', 'info', 'warn', 'error']) console[level] = () => undefined;
const XLSX = require(workerData.xlsx);
XLSX.set_cptable(require(workerData.cptable));
parentPort.once('message', ({ bytes, options }) => {
  try {
    parentPort.postMessage({ workbook: XLSX.read(bytes, options) });
  } catch (error) {
    parentPort.postMessage({ error: String((error && error.message) || error) });
  }
});`;

const resolve = createRequire(import.meta.url).resolve;
const SHEETJS = {
  xlsx: resolve('@e965/xlsx'),
  // Workbooks from before Excel 97 store their strings in a Windows code page.
  cptable: resolve('@e965/xlsx/dist/cpexcel.js'),
};

const READ_OPTIONS: XLSX.ParsingOptions = {
  type: 'buffer',
  dense: true,
  sheetRows: MAX_ROWS,
  // Cached values are what the text needs; formulas are neither parsed nor kept.
  cellFormula: false,
  cellHTML: false,
  cellNF: true,
  cellDates: false,
  bookVBA: false,
};

export interface SheetJsLimits {
  heapMb: number;
  timeoutMs: number;
}

const DEFAULT_LIMITS: SheetJsLimits = { heapMb: 1024, timeoutMs: 60_000 };

/** Reads a workbook with SheetJS in its sandbox; exported for the tests of the sandbox itself. */
export const readWorkbook = (
  bytes: Uint8Array,
  signal: AbortSignal,
  { heapMb, timeoutMs }: SheetJsLimits = DEFAULT_LIMITS,
): Promise<XLSX.WorkBook> =>
  new Promise((resolve, reject) => {
    signal.throwIfAborted();
    const worker = new Worker(SHEETJS_WORKER, {
      eval: true,
      workerData: SHEETJS,
      resourceLimits: { maxOldGenerationSizeMb: heapMb },
    });
    const finish = (settle: () => void) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      void worker.terminate();
      settle();
    };
    const onAbort = () => finish(() => reject(signal.reason));
    const timer = setTimeout(
      () =>
        finish(() =>
          reject(
            parseFailure(
              'SPREADSHEET_TOO_SLOW',
              traceMessage('parseSpreadsheetTooSlow', { seconds: timeoutMs / 1000 }),
            ),
          ),
        ),
      timeoutMs,
    );
    signal.addEventListener('abort', onAbort, { once: true });
    worker.once('message', (answer: { workbook?: XLSX.WorkBook; error?: string }) =>
      finish(() => (answer.workbook ? resolve(answer.workbook) : reject(sheetJsError(answer.error ?? '')))),
    );
    worker.once('error', (error: Error & { code?: string }) =>
      finish(() =>
        reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? parseFailure(
                'SPREADSHEET_TOO_LARGE',
                traceMessage('parseSpreadsheetTooLarge', { megabytes: heapMb }),
              )
            : sheetJsError(error.message),
        ),
      ),
    );
    worker.postMessage({ bytes, options: READ_OPTIONS });
  });

const sheetJsError = (message: string): ParseError =>
  /password|encrypt/i.test(message)
    ? parseFailure('ENCRYPTED', traceMessage('parseWorkbookEncrypted'))
    : parseFailure(
        'SPREADSHEET_DAMAGED',
        traceMessage('parseSpreadsheetDamaged', { detail: message.slice(0, 200) }),
      );

interface SheetContext {
  budget: Budget;
  date1904: boolean;
  signal: AbortSignal;
  warnings: TraceMessage[];
}

const sheetText = (name: string, sheet: XLSX.WorkSheet, options: SpreadsheetOptions, ctx: SheetContext) => {
  const { budget, warnings } = ctx;
  if (sheet['!fullref']) warnings.push(traceMessage('warnSheetRows', { sheet: name, max: MAX_ROWS }));
  const grid: Grid = new Map();
  const links = new Set<string>();
  const data: XLSX.CellObject[][] = sheet['!data'] ?? [];
  let dropped = false;
  for (const r of indices(data)) {
    if (r % 1000 === 0) ctx.signal.throwIfAborted();
    const row = data[r];
    for (const c of indices(row ?? [])) {
      const cell = row[c];
      if (!cell) continue;
      if (r >= MAX_ROWS || c >= MAX_COLUMNS) dropped = true;
      else {
        const target = cell.l?.Target;
        if (target && !target.startsWith('#') && links.size < 1000) links.add(target);
        const text = cellText(cell, ctx.date1904);
        if (text) place(grid, r, c, text, budget);
      }
    }
  }
  if (dropped) {
    warnings.push(traceMessage('warnSheetCells', { sheet: name, rows: MAX_ROWS, columns: MAX_COLUMNS }));
  }
  if (options.unmergeCells) unmerge(grid, sheet['!merges'] ?? [], budget);
  const lines = render(options.readVertically ? transpose(grid) : grid, budget);
  if (links.size > 0) lines.push('', ...links);
  if (budget.full && !budget.told) {
    budget.told = true;
    warnings.push(traceMessage('warnWorkbookCut', { sheet: name, cells: MAX_CELLS, characters: MAX_CHARS }));
  }
  return lines.join('\n');
};

/**
 * The positions of a sparse array's items: Object.keys skips the holes a crafted file may declare
 * (a cell in row 10^9), and stray non-index keys are dropped.
 */
const indices = (items: object): number[] =>
  Object.keys(items)
    .map(Number)
    .filter((i) => Number.isInteger(i) && i >= 0);

/** Puts one cell's text in the grid while the workbook's budget lasts. */
const place = (grid: Grid, r: number, c: number, text: string, budget: Budget) => {
  if (budget.cells <= 0 || budget.chars < text.length) {
    budget.full = true;
    return;
  }
  budget.cells -= 1;
  budget.chars -= text.length + 1;
  const row = grid.get(r) ?? new Map<number, string>();
  grid.set(r, row.set(c, text));
};

/** A merged range's value in every cell of the range, within the rows read and the budget. */
const unmerge = (grid: Grid, merges: XLSX.Range[], budget: Budget) => {
  for (const { s, e } of merges) {
    const value = grid.get(s.r)?.get(s.c);
    if (!value) continue;
    for (let r = Math.max(0, s.r); r <= Math.min(e.r, MAX_ROWS - 1) && !budget.full; r++) {
      for (let c = Math.max(0, s.c); c <= Math.min(e.c, MAX_COLUMNS - 1) && !budget.full; c++) {
        if (--budget.steps < 0) budget.full = true;
        else if (!grid.get(r)?.has(c)) place(grid, r, c, value, budget);
      }
    }
  }
};

const transpose = (grid: Grid): Grid => {
  const out: Grid = new Map();
  for (const [r, row] of grid) {
    for (const [c, text] of row) out.set(c, (out.get(c) ?? new Map<number, string>()).set(r, text));
  }
  return out;
};

/**
 * One line per outer key, inner keys as tab stops from the leftmost one; a run of empty lines shrinks
 * to one. The tabs count against the budget too: a crafted sheet can scatter cells far apart.
 */
const render = (grid: Grid, budget: Budget): string[] => {
  let first = Infinity;
  for (const row of grid.values()) for (const c of row.keys()) first = Math.min(first, c);
  const lines: string[] = [];
  let previous: number | undefined;
  for (const [r, row] of [...grid].sort(([a], [b]) => a - b)) {
    if (previous !== undefined && r > previous + 1) lines.push('');
    previous = r;
    let line = '';
    let at = first;
    for (const [c, text] of [...row].sort(([a], [b]) => a - b)) {
      line += '\t'.repeat(c - at) + text;
      at = c;
    }
    budget.chars -= line.length - row.size;
    if (budget.chars < 0) {
      budget.full = true;
      break;
    }
    lines.push(line);
  }
  return lines;
};

const cellText = (cell: XLSX.CellObject, date1904: boolean): string => {
  if (cell.t === 'd' && cell.v instanceof Date && !Number.isNaN(cell.v.getTime())) {
    return cell.v
      .toISOString()
      .slice(0, 19)
      .replace(/T00:00:00$/, '');
  }
  if (cell.t === 'n' && typeof cell.v === 'number' && typeof cell.z === 'string' && isDateFormat(cell.z)) {
    const iso = isoDate(cell.v, date1904, cell.z);
    if (iso) return iso;
  }
  const text = cell.w ?? (cell.v === undefined || cell.t === 'z' ? '' : String(cell.v));
  return text.replace(/[\t\r\n]+/g, ' ').trim();
};

/**
 * A date serial as ISO 8601 (date, or date and time when the format shows a time). Times of day and
 * durations have no date in their format and keep their formatted text.
 */
const isoDate = (serial: number, date1904: boolean, format: string): string | undefined => {
  const tokens = format.replace(/"[^"]*"|\[[^\]]*\]|\\./g, '');
  if (!/[yd]/i.test(tokens) || !(serial >= 0 && serial <= 2_958_466)) return undefined;
  // Excel's 1900 system counts a 29 February 1900 that never was: serials before it start a day later.
  const epoch = date1904 ? Date.UTC(1904, 0, 1) : Date.UTC(1899, 11, serial < 60 ? 31 : 30);
  const iso = new Date(epoch + Math.round(serial * 86_400) * 1000).toISOString();
  return /[hs]/i.test(tokens) ? iso.slice(0, 19) : iso.slice(0, 10);
};
