import * as CFB from 'cfb';

/** Property ids of the SummaryInformation set ([MS-OLEPS] PIDSI_*) that the metadata keeps. */
const PROPERTIES: Record<number, string> = { 2: 'title', 4: 'author', 14: 'pageCount', 18: 'application' };
const VT_I2 = 2;
const VT_I4 = 3;
const VT_LPSTR = 0x1e;
const VT_LPWSTR = 0x1f;

const decoderFor = (codepage: number): TextDecoder => {
  const label = codepage === 65001 ? 'utf-8' : codepage === 1200 ? 'utf-16le' : `windows-${codepage}`;
  try {
    return new TextDecoder(label);
  } catch {
    return new TextDecoder('latin1');
  }
};

/**
 * Title, author, page count and application from the \x05SummaryInformation stream of an OLE
 * file (DOC, PPT). A damaged or missing stream gives an empty object: metadata never fails a file.
 *
 * @example
 *   summaryInformation(container) // { title: 'Report', author: 'Win', pageCount: 1 }
 */
export const summaryInformation = (container: CFB.CFB$Container): Record<string, string | number> => {
  const entry = CFB.find(container, '\u0005SummaryInformation');
  if (!entry?.content) return {};
  const bytes = Uint8Array.from(entry.content);
  const view = new DataView(bytes.buffer);
  const out: Record<string, string | number> = {};
  try {
    const setStart = view.getUint32(44, true);
    const count = Math.min(view.getUint32(setStart + 4, true), 1000);
    const props: [number, number][] = [];
    for (let i = 0; i < count; i += 1) {
      const at = setStart + 8 + i * 8;
      props.push([view.getUint32(at, true), setStart + view.getUint32(at + 4, true)]);
    }
    const codepageAt = props.find(([id]) => id === 1)?.[1];
    const codepage = codepageAt !== undefined ? view.getUint16(codepageAt + 4, true) : 1252;
    for (const [id, at] of props) {
      const key = PROPERTIES[id];
      if (!key) continue;
      const type = view.getUint32(at, true);
      if (type === VT_I4 || type === VT_I2) {
        out[key] = type === VT_I4 ? view.getInt32(at + 4, true) : view.getInt16(at + 4, true);
      } else if (type === VT_LPSTR || type === VT_LPWSTR) {
        const length = view.getUint32(at + 4, true) * (type === VT_LPWSTR ? 2 : 1);
        const raw = bytes.subarray(at + 8, at + 8 + Math.min(length, 4096));
        const decoder = type === VT_LPWSTR ? new TextDecoder('utf-16le') : decoderFor(codepage);
        const value = decoder.decode(raw).replace(/\0+$/, '').trim();
        if (value) out[key] = value;
      }
    }
  } catch {
    // A truncated property set: keep what was read.
  }
  return out;
};
