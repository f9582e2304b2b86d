import { RequestSchemaError, schemaMessages } from './errors';

/** How the request side of a call is put on the wire (spec platform-shell §7). */

export type BodyType = 'json' | 'form' | 'text';

const placeholder = /\{([^{}]+)\}/g;

/**
 * Replaces `{name}` placeholders with URL-encoded values. A placeholder without a value would send a
 * request to the wrong address (`/projects//environments`), so it fails before anything is sent.
 */
export const fillPath = (path: string, params: Record<string, unknown> | undefined): string =>
  path.replace(placeholder, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') {
      throw new RequestSchemaError(schemaMessages.missingParameter(name));
    }
    return encodeURIComponent(String(value));
  });

const queryValue = (value: unknown): string => {
  if (value === null) return '';
  if (value instanceof Date) return value.toISOString();
  // Objects travel JSON-encoded: the simple-REST convention for `filter`, `sort` and `range`.
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

/**
 * Serialises a query with arrays in bracket style (`ids[]=1&ids[]=2`), the form the API's PHP-era
 * endpoints read. Brackets stay literal; keys and values are otherwise URL-encoded.
 */
export const toQueryString = (query: Record<string, unknown> | undefined): string => {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined) continue;
    const name = encodeURIComponent(key);
    if (Array.isArray(value)) {
      for (const item of value) {
        if (item !== undefined) parts.push(`${name}[]=${encodeURIComponent(queryValue(item))}`);
      }
    } else {
      parts.push(`${name}=${encodeURIComponent(queryValue(value))}`);
    }
  }
  return parts.join('&');
};

export const buildUrl = (baseUrl: string, path: string, query?: Record<string, unknown>): string => {
  const base = baseUrl.replace(/\/+$/, '');
  const url = `${base}${path.startsWith('/') ? path : `/${path}`}`;
  const search = toQueryString(query);
  if (search === '') return url;
  return `${url}${url.includes('?') ? '&' : '?'}${search}`;
};

const appendFormValue = (form: FormData, key: string, value: unknown): void => {
  if (value === undefined) return;
  if (value instanceof Blob) form.append(key, value);
  else if (value === null) form.append(key, '');
  else if (typeof value === 'object' && !(value instanceof Date)) form.append(key, JSON.stringify(value));
  else form.append(key, value instanceof Date ? value.toISOString() : String(value));
};

/** Builds multipart form data from a plain object: files as files, arrays as repeated `key[]`. */
export const toFormData = (values: unknown): FormData => {
  if (values instanceof FormData) return values;
  const form = new FormData();
  if (typeof values !== 'object' || values === null) return form;
  for (const [key, value] of Object.entries(values)) {
    if (Array.isArray(value)) for (const item of value) appendFormValue(form, `${key}[]`, item);
    else appendFormValue(form, key, value);
  }
  return form;
};

export interface EncodedBody {
  body: BodyInit | undefined;
  contentType: string | undefined;
}

export const encodeBody = (body: unknown, bodyType: BodyType = 'json'): EncodedBody => {
  if (body === undefined) return { body: undefined, contentType: undefined };
  // The browser writes the multipart Content-Type itself: it has to carry the boundary.
  if (bodyType === 'form') return { body: toFormData(body), contentType: undefined };
  if (bodyType === 'text') return { body: String(body), contentType: 'text/plain' };
  return { body: JSON.stringify(body), contentType: 'application/json' };
};
