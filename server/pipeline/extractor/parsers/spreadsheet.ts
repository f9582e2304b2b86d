// The spreadsheet parser and a sheet's text: one page per sheet, its cells laid out in lines and
// tab stops within the workbook's budget of cells and characters. The container is checked in
// spreadsheet-container.ts, and SheetJS reads it in spreadsheet-sandbox.ts.
import * as XLSX from '@e965/xlsx';
import { EXTENSIONS_BY_FAMILY, type SpreadsheetOptions } from '../../../../schemas/extractor-settings';
import { parseFailure, type ParsedPage, type Parser } from '../types';
import { traceMessage, type TraceMessage } from '../../../../schemas/trace-messages';
import { open } from './spreadsheet-container';
import { MAX_ROWS, readWorkbook } from './spreadsheet-sandbox';

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
