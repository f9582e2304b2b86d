import { parseFailure } from '../types';
import { traceMessage } from '../../../../schemas/trace-messages';

/** Record types of [MS-PPT] this reader looks at. */
export const RT = {
  document: 0x03e8,
  slide: 0x03ee,
  slideAtom: 0x03ef,
  notes: 0x03f0,
  slidePersistAtom: 0x03f3,
  textHeaderAtom: 0x0f9f,
  textCharsAtom: 0x0fa0,
  textBytesAtom: 0x0fa8,
  cString: 0x0fba,
  cryptSession: 0x2f14,
  slideListWithText: 0x0ff0,
  userEditAtom: 0x0ff5,
  exOleObjStg: 0x1011,
  persistDirectoryAtom: 0x1772,
  comment10: 0x2ee0,
} as const;

/** A record header: version, instance, type, length; `body` is where its data starts. */
export interface PptRecord {
  version: number;
  instance: number;
  type: number;
  length: number;
  offset: number;
  body: number;
}

/** Bounds a crafted file cannot push past: records visited per walk and container nesting. */
export const MAX_RECORDS = 500_000;
export const MAX_DEPTH = 32;

export class PptStream {
  private readonly view: DataView;
  /** Records read so far, all walks together. */
  private visited = 0;

  constructor(readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  u16(at: number): number {
    return this.view.getUint16(at, true);
  }

  u32(at: number): number {
    return this.view.getUint32(at, true);
  }

  /** The record at `offset`, or null when its header or body runs past the end of the stream. */
  record(offset: number): PptRecord | null {
    if (offset < 0 || offset + 8 > this.bytes.length) return null;
    const verInst = this.u16(offset);
    const length = this.u32(offset + 4);
    if (offset + 8 + length > this.bytes.length) return null;
    return {
      version: verInst & 0xf,
      instance: verInst >> 4,
      type: this.u16(offset + 2),
      length,
      offset,
      body: offset + 8,
    };
  }

  /** The direct children of a container record (or of the whole stream when `parent` is null). */
  children(parent: PptRecord | null): PptRecord[] {
    const start = parent ? parent.body : 0;
    const end = parent ? parent.body + parent.length : this.bytes.length;
    const out: PptRecord[] = [];
    for (let at = start; at + 8 <= end;) {
      const record = this.record(at);
      if (!record || record.body + record.length > end) break;
      this.visited += 1;
      if (this.visited > MAX_RECORDS) {
        throw parseFailure('PPT_TOO_LARGE', traceMessage('parsePptTooLarge', { max: MAX_RECORDS }));
      }
      out.push(record);
      at = record.body + record.length;
    }
    return out;
  }

  /** Every record below `parent`, depth first, in stream order, to `MAX_DEPTH` levels. */
  *walk(parent: PptRecord, depth = 0): Generator<PptRecord> {
    if (depth >= MAX_DEPTH) return;
    for (const child of this.children(parent)) {
      yield child;
      if (child.version === 0xf) yield* this.walk(child, depth + 1);
    }
  }

  /** A text atom's characters: UTF-16LE (TextCharsAtom, CString) or one byte per character. */
  text(record: PptRecord): string {
    const data = this.bytes.subarray(record.body, record.body + record.length);
    if (record.type === RT.textBytesAtom) return new TextDecoder('latin1').decode(data);
    return new TextDecoder('utf-16le').decode(data);
  }
}

/**
 * The persist directory of the current edit: persist id → stream offset of the object. The
 * UserEditAtom chain is followed from the newest edit back; a newer edit's entry wins.
 * Null when the 'Current User' pointer or the chain is unreadable (the caller then walks the
 * stream linearly).
 */
export const persistDirectory = (
  stream: PptStream,
  currentEditOffset: number,
): { offsets: Map<number, number>; documentRef: number; encryptionRef: number | null } | null => {
  const offsets = new Map<number, number>();
  let documentRef = -1;
  let encryptionRef: number | null = null;
  const seen = new Set<number>();
  for (let edit = currentEditOffset; !seen.has(edit) && seen.size < 10_000;) {
    seen.add(edit);
    const atom = stream.record(edit);
    if (!atom || atom.type !== RT.userEditAtom || atom.length < 28) return null;
    if (documentRef < 0) {
      documentRef = stream.u32(atom.body + 16);
      // Only an encrypted document writes encryptSessionPersistIdRef after lastView.
      if (atom.length >= 32) encryptionRef = stream.u32(atom.body + 28);
    }
    const directory = stream.record(stream.u32(atom.body + 12));
    if (!directory || directory.type !== RT.persistDirectoryAtom) return null;
    for (let at = directory.body; at + 4 <= directory.body + directory.length;) {
      const head = stream.u32(at);
      const first = head & 0xfffff;
      const count = head >>> 20;
      for (let i = 0; i < count && at + 8 + i * 4 <= directory.body + directory.length; i += 1) {
        if (!offsets.has(first + i)) offsets.set(first + i, stream.u32(at + 4 + i * 4));
      }
      at += 4 + count * 4;
    }
    const previous = stream.u32(atom.body + 8);
    if (previous === 0) break;
    edit = previous;
  }
  return documentRef >= 0 ? { offsets, documentRef, encryptionRef } : null;
};
