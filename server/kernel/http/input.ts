import { ClientError } from './errors';

/**
 * How deep decoded JSON may nest (objects and arrays, the body itself being level 1). Far above
 * any document of the platform (a whole exported configuration nests about 8 deep), far below
 * what would make a recursive reader (validation, storage, a template's data) overflow the stack.
 */
export const MAX_JSON_DEPTH = 64;

/** What the 400 of a refused character says, after the field's path. */
const CHARACTER_MESSAGE = 'contains a character that is not allowed (NUL or a lone surrogate)';

/** A NUL (PostgreSQL refuses it in text and JSON) or half of a UTF-16 surrogate pair (not Unicode text). */
const isClean = (s: string) =>
  !s.includes('\u0000') && (s as string & { isWellFormed(): boolean }).isWellFormed();

/** A key as a path names it: its refused characters written as `\uXXXX`, so the answer stays text. */
// eslint-disable-next-line no-control-regex -- NUL is precisely what this finds.
const BAD_CHARACTER = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const printable = (key: string) =>
  isClean(key)
    ? key
    : key.replace(BAD_CHARACTER, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

export const invalidCharacter = (path: string) =>
  new ClientError(400, 'INVALID_CHARACTER', `${path} ${CHARACTER_MESSAGE}`, {
    path,
    params: { path },
    details: [{ path, message: CHARACTER_MESSAGE, keyword: 'invalidCharacter' }],
  });

export const jsonTooDeep = (path: string) => {
  const message = `is nested more than ${MAX_JSON_DEPTH} levels deep`;
  return new ClientError(400, 'JSON_TOO_DEEP', `${path} ${message}`, {
    path,
    limit: MAX_JSON_DEPTH,
    params: { path, limit: MAX_JSON_DEPTH },
    details: [{ path, message, keyword: 'maxDepth' }],
  });
};

interface Visit {
  value: unknown;
  depth: number;
  parent: Visit | undefined;
  key: string;
}

const pathOf = (visit: Visit, root: string) => {
  const keys: string[] = [];
  for (let v: Visit | undefined = visit; v?.parent; v = v.parent) keys.push(printable(v.key));
  if (root) keys.push(root);
  return keys.reverse().join('.') || '(body)';
};

/**
 * Checks decoded input (a parsed JSON body, a query, route parameters, a form's fields): every
 * string and every key free of NUL and lone surrogates, objects and arrays nested at most
 * MAX_JSON_DEPTH deep. Iterative, so that no input can overflow the stack; throws the 400
 * (INVALID_CHARACTER or JSON_TOO_DEEP) naming the field's path under `root`.
 *
 * @example
 * checkDecoded({ name: 'a\u0000b' }) // throws INVALID_CHARACTER, path 'name'
 * checkDecoded(JSON.parse(field), 'metadata', 1) // a JSON form field, one level below the form
 */
export const checkDecoded = (value: unknown, root = '', depth = 0): void => {
  const stack: Visit[] = [{ value, depth, parent: undefined, key: '' }];
  for (let visit = stack.pop(); visit; visit = stack.pop()) {
    const v = visit.value;
    if (typeof v === 'string') {
      if (!isClean(v)) throw invalidCharacter(pathOf(visit, root));
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    const inner = visit.depth + 1;
    if (inner > MAX_JSON_DEPTH) throw jsonTooDeep(pathOf(visit, root));
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--)
        stack.push({ value: v[i], depth: inner, parent: visit, key: String(i) });
      continue;
    }
    if (Buffer.isBuffer(v) || ArrayBuffer.isView(v)) continue;
    for (const key of Object.keys(v)) {
      const child: Visit = { value: (v as Record<string, unknown>)[key], depth: inner, parent: visit, key };
      if (!isClean(key)) throw invalidCharacter(pathOf(child, root));
      stack.push(child);
    }
  }
};

/**
 * A multipart part's name and file name (or value), checked like a JSON field: the one place
 * forms are read by the routes themselves rather than decoded before them.
 */
export const checkFormPart = (part: { fieldname: string; filename?: string; value?: unknown }) =>
  checkDecoded({ [part.fieldname]: part.filename ?? part.value });
