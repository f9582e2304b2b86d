// The spreadsheet's container, recognised by its bytes and made safe before SheetJS reads it: ZIP
// entries inflated under limits, ODS digit and repeat counts checked, hidden ODS sheets found, and
// the formula token streams of XLS workbooks (in an OLE compound file or bare) defused.
import * as XLSX from '@e965/xlsx';
import { zipSync } from 'fflate';
import { parseFailure } from '../types';
import { traceMessage } from '../../../../schemas/trace-messages';
import { sheetJsError } from './spreadsheet-sandbox';
import { unzipBounded } from './zip';

/** A workbook as SheetJS is to read it, with what the container says of it. */
export interface Container {
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
export const open = (bytes: Uint8Array): Container => {
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
