import { Unzip, UnzipInflate } from 'fflate';
import { ParseError, parseFailure } from '../types';
import { traceMessage } from '../../../../schemas/trace-messages';

export interface ZipLimits {
  maxEntries: number;
  /** Uncompressed bytes of one entry. */
  maxEntryBytes: number;
  /** Uncompressed bytes of every entry read, together. */
  maxTotalBytes: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 10_000,
  maxEntryBytes: 100 * 1024 * 1024,
  maxTotalBytes: 300 * 1024 * 1024,
};

/** Compressed bytes fed to the inflater at once: deflate expands at most ~1032×, so one step stays bounded. */
const STEP = 16 * 1024;

const concat = (chunks: Uint8Array[], size: number): Uint8Array => {
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
};

/**
 * Reads the entries of a ZIP container (DOCX, PPTX, ODT, XLSX…) whose names `want` accepts,
 * counting the bytes actually inflated, so a zip bomb fails with a clear error instead of
 * exhausting memory. The declared sizes of a hostile archive are not trusted.
 *
 * @example
 *   const files = unzipBounded(bytes, (name) => name === 'word/document.xml');
 *   const xml = new TextDecoder().decode(files.get('word/document.xml'));
 */
export const unzipBounded = (
  bytes: Uint8Array,
  want: (name: string) => boolean = () => true,
  limits: ZipLimits = DEFAULT_ZIP_LIMITS,
): Map<string, Uint8Array> => {
  if (bytes.length < 4 || bytes[0] !== 0x50 || bytes[1] !== 0x4b) {
    throw parseFailure('NOT_A_ZIP', traceMessage('parseNotZip'));
  }
  const files = new Map<string, Uint8Array>();
  let entries = 0;
  let total = 0;
  let failure: ParseError | undefined;
  const unzip = new Unzip((file) => {
    entries += 1;
    if (entries > limits.maxEntries) {
      throw parseFailure(
        'ZIP_TOO_MANY_ENTRIES',
        traceMessage('parseZipTooManyEntries', { max: limits.maxEntries }),
      );
    }
    if (!want(file.name)) return;
    const chunks: Uint8Array[] = [];
    let size = 0;
    file.ondata = (error, chunk, final) => {
      // fflate hands a throw from this callback back to it as `error`: keep the first cause.
      if (failure) throw failure;
      if (error)
        throw (failure = parseFailure(
          'ZIP_DAMAGED',
          traceMessage('parseZipEntryDamaged', { entry: file.name }),
        ));
      size += chunk.length;
      total += chunk.length;
      if (size > limits.maxEntryBytes || total > limits.maxTotalBytes) {
        const bound = size > limits.maxEntryBytes ? limits.maxEntryBytes : limits.maxTotalBytes;
        throw (failure = parseFailure(
          'ZIP_BOMB',
          traceMessage('parseZipBomb', { megabytes: Math.round(bound / 1024 / 1024) }),
        ));
      }
      chunks.push(chunk);
      if (final) files.set(file.name, concat(chunks, size));
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < bytes.length; at += STEP) {
      unzip.push(bytes.subarray(at, Math.min(at + STEP, bytes.length)), at + STEP >= bytes.length);
    }
  } catch (error) {
    if (failure) throw failure;
    if (error instanceof ParseError) throw error;
    throw parseFailure('ZIP_DAMAGED', traceMessage('parseZipDamaged', { detail: (error as Error).message }));
  }
  return files;
};
