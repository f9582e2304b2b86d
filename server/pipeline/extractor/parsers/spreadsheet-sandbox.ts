// SheetJS in its sandbox: a worker thread with a heap cap and a time limit reads the workbook, and
// what SheetJS throws becomes a parse failure (encrypted, damaged, too slow, too large).
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type * as XLSX from '@e965/xlsx';
import { parseFailure, type ParseError } from '../types';
import { traceMessage } from '../../../../schemas/trace-messages';

/** Rows read per sheet (SheetJS stops there). */
export const MAX_ROWS = 100_000;

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

/** What SheetJS threw, as a parse failure: an encrypted workbook, else a damaged one. */
export const sheetJsError = (message: string): ParseError =>
  /password|encrypt/i.test(message)
    ? parseFailure('ENCRYPTED', traceMessage('parseWorkbookEncrypted'))
    : parseFailure(
        'SPREADSHEET_DAMAGED',
        traceMessage('parseSpreadsheetDamaged', { detail: message.slice(0, 200) }),
      );
