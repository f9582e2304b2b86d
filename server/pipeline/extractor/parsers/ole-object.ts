import * as CFB from 'cfb';
import type { RawAttachment } from '../types';
import { unzipBounded } from './zip';
import { looksLikeCfb, looksLikeZip, mimeOf } from './media-types';

/** Embedded objects larger than this are listed in a warning rather than read. */
export const MAX_EMBEDDED_BYTES = 50 * 1024 * 1024;

const streamBytes = (container: CFB.CFB$Container, name: string): Uint8Array | undefined => {
  const entry = CFB.find(container, name);
  return entry?.content ? Uint8Array.from(entry.content) : undefined;
};

/** A zero-terminated ANSI string of an Ole10Native header, and where the next field starts. */
const cString = (bytes: Uint8Array, at: number): [string, number] => {
  let end = at;
  while (end < bytes.length && bytes[end] !== 0) end += 1;
  return [new TextDecoder('latin1').decode(bytes.subarray(at, end)), end + 1];
};

/**
 * The file packaged in an \x01Ole10Native stream (what Office writes when a user inserts a file
 * as an object): size, flags, label, source path, two longs, temp path, data size, data
 * (the layout oletools reads).
 */
const nativeFile = (bytes: Uint8Array): { filename: string; data: Uint8Array } | null => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 12) return null;
  const [label, afterLabel] = cString(bytes, 6);
  const [source, afterSource] = cString(bytes, afterLabel);
  const [, afterTemp] = cString(bytes, afterSource + 8);
  if (afterTemp + 4 > bytes.length) return null;
  const size = view.getUint32(afterTemp, true);
  const data = bytes.subarray(afterTemp + 4, afterTemp + 4 + size);
  if (data.length !== size) return null;
  const filename = (label || source.split(/[\\/]/).pop() || 'embedded.bin').trim();
  return { filename, data };
};

/** What an OOXML package is, from the folders it holds. */
const ooxmlExtension = (zip: Uint8Array): string => {
  const names: string[] = [];
  try {
    unzipBounded(zip, (name) => {
      names.push(name);
      return false;
    });
  } catch {
    return 'zip';
  }
  if (names.some((n) => n.startsWith('word/'))) return 'docx';
  if (names.some((n) => n.startsWith('xl/'))) return 'xlsx';
  if (names.some((n) => n.startsWith('ppt/'))) return 'pptx';
  return 'zip';
};

const attachment = (filename: string, bytes: Uint8Array): RawAttachment => ({
  filename,
  mime: mimeOf(filename),
  bytes,
  inline: false,
});

/**
 * The file inside an embedded OLE object (an oleObject*.bin of a DOCX/PPTX, an ExOleObjStg of a
 * PPT): a packaged file keeps its own name; an embedded Word, Excel or PowerPoint document, an
 * OOXML package or a PDF is handed back whole, named `<baseName>.<ext>`. Null when the object is
 * something else (an equation, a chart server…): there is nothing the extractor could read.
 *
 * @example
 *   const file = embeddedFile(storageBytes, 'object 1');
 *   if (file) attachments.push(file);
 */
export const embeddedFile = (bytes: Uint8Array, baseName: string): RawAttachment | null => {
  if (looksLikeZip(bytes)) return attachment(`${baseName}.${ooxmlExtension(bytes)}`, bytes);
  if (!looksLikeCfb(bytes)) return null;
  const container = CFB.read(bytes, { type: 'array' });
  const native = streamBytes(container, '\u0001Ole10Native');
  if (native) {
    const file = nativeFile(native);
    return file ? attachment(file.filename, file.data) : null;
  }
  const pkg = streamBytes(container, 'Package');
  if (pkg && looksLikeZip(pkg)) return attachment(`${baseName}.${ooxmlExtension(pkg)}`, pkg);
  const contents = streamBytes(container, 'CONTENTS');
  if (contents && new TextDecoder('latin1').decode(contents.subarray(0, 5)) === '%PDF-') {
    return attachment(`${baseName}.pdf`, contents);
  }
  const kinds: [string, string][] = [
    ['WordDocument', 'doc'],
    ['Workbook', 'xls'],
    ['Book', 'xls'],
    ['PowerPoint Document', 'ppt'],
  ];
  const kind = kinds.find(([stream]) => CFB.find(container, stream));
  return kind ? attachment(`${baseName}.${kind[1]}`, bytes) : null;
};
