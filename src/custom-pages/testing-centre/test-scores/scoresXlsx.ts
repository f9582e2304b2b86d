import type { TestScoresAnswer } from '../../../../schemas/contracts/testing';
import {
  SCORE_COLUMNS,
  kindRows,
  scoresHeaderRow,
  type ScoreCell,
  type ScoresHeaders,
  type ScoresLabels,
} from './scoresCsv';

/** One sheet of the workbook; cells of `percentColumns` (after the header row) show as percentages. */
export interface ScoresSheet {
  name: string;
  rows: ScoreCell[][];
  percentColumns: number[];
}

/** The falses sheet's name and column titles, in the user's language. */
export interface FalsesHeaders {
  sheet: string;
  message: string;
  kind: string;
  fp: string;
  fn: string;
  analysisId: string;
}

/** A label as the page shows it: a category's name, or an extraction's "field = value". */
export const labelText = (label: { classification: string; value: string | null }) =>
  label.value === null ? label.classification : `${label.classification} = ${label.value}`;

/** Sheet names: at most 31 characters, none of : \ / ? * [ ], no two alike (Excel refuses otherwise). */
const SHEET_NAME_MAX = 31;
const sheetNamer = () => {
  const taken = new Set<string>();
  return (wanted: string) => {
    const clean = wanted.replace(/[:\\/?*[\]]/g, '-').trim() || '-';
    const fit = (text: string, room: number) =>
      text.length <= room ? text : `${text.slice(0, room - 1).trimEnd()}…`;
    let name = fit(clean, SHEET_NAME_MAX);
    for (let n = 2; taken.has(name.toLowerCase()); n++) {
      const suffix = ` (${n})`;
      name = fit(clean, SHEET_NAME_MAX - suffix.length) + suffix;
    }
    taken.add(name.toLowerCase());
    return name;
  };
};

const RATIO_COLUMNS = [SCORE_COLUMNS.indexOf('precision'), SCORE_COLUMNS.indexOf('sensitivity')];

/**
 * The scores as workbook sheets: one per kind, with the CSV's header and lines (scoresCsv), then
 * one of the falses (message, kind, FP, FN, analysis). Numbers stay numbers; ratios are decimals that
 * the precision and sensitivity columns show as percentages. Private classifications are left out
 * of both.
 *
 * @example
 * const sheets = scoresSheets(scores, headers, labels, falsesHeaders);
 * saveFile({ blob: await scoresXlsx(sheets), filename: 'test.xlsx' }, 'test.xlsx');
 */
export const scoresSheets = (
  scores: TestScoresAnswer,
  headers: ScoresHeaders,
  labels: ScoresLabels,
  falses: FalsesHeaders,
): ScoresSheet[] => {
  const name = sheetNamer();
  const header = scoresHeaderRow(headers);
  const sheets = scores.kinds.map((k) => ({
    name: name(labels.kind(k.kind)),
    rows: [header, ...kindRows(k, labels)],
    percentColumns: RATIO_COLUMNS,
  }));
  // A private classification leaves the falses too (docs/testing-centre.md "Classifications: value types, ignored, private").
  const hidden = new Map<string, Set<string>>(scores.kinds.map((k) => [k.kind, new Set(k.private ?? [])]));
  const shown = (kind: string, list: readonly { classification: string; value: string | null }[]) =>
    list.filter((l) => !hidden.get(kind)?.has(l.classification));
  const rows = scores.falses
    .map((f) => ({ ...f, fp: shown(f.kind, f.fp), fn: shown(f.kind, f.fn) }))
    .filter((f) => f.fp.length + f.fn.length > 0);
  if (rows.length === 0) return sheets;
  return [
    ...sheets,
    {
      name: name(falses.sheet),
      rows: [
        [falses.message, falses.kind, falses.fp, falses.fn, falses.analysisId],
        ...rows.map((f) => [
          f.messageName,
          labels.kind(f.kind),
          f.fp.map(labelText).join(', '),
          f.fn.map(labelText).join(', '),
          f.analysisId,
        ]),
      ],
      percentColumns: [],
    },
  ];
};

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The sheets as an .xlsx file. SheetJS is loaded on the first export, not with the console. */
export const scoresXlsx = async (sheets: readonly ScoresSheet[]): Promise<Blob> => {
  const { utils, write } = await import('@e965/xlsx');
  const book = utils.book_new();
  for (const sheet of sheets) {
    const table = utils.aoa_to_sheet(sheet.rows);
    for (let r = 1; r < sheet.rows.length; r++)
      for (const c of sheet.percentColumns) {
        const cell = table[utils.encode_cell({ r, c })] as { t: string; z?: string } | undefined;
        if (cell?.t === 'n') cell.z = '0.0%';
      }
    // Wide enough for the longest text of each column, within reason.
    table['!cols'] = sheet.rows[0].map((_, c) => ({
      wch: Math.min(60, Math.max(8, ...sheet.rows.map((row) => String(row[c] ?? '').length))),
    }));
    utils.book_append_sheet(book, table, sheet.name);
  }
  const data = write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
  return new Blob([data], { type: XLSX_TYPE });
};
