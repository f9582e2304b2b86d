import type { DownloadedFile } from '../../schemas/contracts/define';
import { ResponseSchemaError } from './errors';

/** How an answer is read back (spec platform-shell §7): JSON by default, or a named file. */

export type ResponseType = 'json' | 'file';

const decodeExtended = (value: string): string | undefined => {
  // RFC 5987: charset'language'percent-encoded-bytes. Only UTF-8 decodes with decodeURIComponent;
  // a Latin-1 name falls back to the plain `filename` parameter.
  const match = /^([^']*)'[^']*'(.*)$/.exec(value.trim());
  if (!match || (match[1] !== '' && match[1].toLowerCase() !== 'utf-8')) return undefined;
  try {
    return decodeURIComponent(match[2]);
  } catch {
    return undefined;
  }
};

/**
 * The file name of a Content-Disposition header, preferring the RFC 5987 `filename*` form (which
 * can carry any character) over the plain `filename` one.
 *
 * @example
 * filenameFromDisposition(`attachment; filename="a b.pdf"`); // 'a b.pdf'
 * filenameFromDisposition(`attachment; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf`); // 'résumé.pdf'
 */
export const filenameFromDisposition = (header: string | null): string | undefined => {
  if (header === null) return undefined;
  const extended = /(?:^|;)\s*filename\*\s*=\s*("?)([^";]*)\1/i.exec(header);
  const decoded = extended ? decodeExtended(extended[2]) : undefined;
  if (decoded) return decoded;
  const plain = /(?:^|;)\s*filename\s*=\s*(?:"((?:\\.|[^"\\])*)"|([^;]*))/i.exec(header);
  if (!plain) return undefined;
  const name = plain[1] !== undefined ? plain[1].replace(/\\(.)/g, '$1') : plain[2].trim();
  return name === '' ? undefined : name;
};

const isJson = (response: Response): boolean => {
  const type = response.headers.get('content-type');
  // No Content-Type at all is read as JSON: JSON is the API's only answer format besides files.
  return type === null || /[/+]json\b/i.test(type);
};

/** Reads a successful answer. Empty answers (204, HEAD, empty body) resolve to undefined. */
export const readAnswer = async (
  response: Response,
  responseType: ResponseType = 'json',
): Promise<unknown> => {
  if (responseType === 'file') {
    const file: DownloadedFile = {
      blob: await response.blob(),
      filename: filenameFromDisposition(response.headers.get('content-disposition')),
    };
    return file;
  }
  const text = await response.text();
  if (text === '') return undefined;
  if (!isJson(response)) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ResponseSchemaError('Response is not valid JSON');
  }
};

/** Reads an error answer's body: its JSON when it has one, else undefined. */
export const readErrorBody = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};
