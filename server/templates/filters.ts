/**
 * The values of the Twig subset (twig.ts), plain data only: how they print, compare, read their
 * fields and count as empty, and the filters on them. Values a filter marks `Safe` are printed as
 * they are; every other printed value is HTML-escaped (autoescape).
 */
export class Safe {
  constructor(readonly html: string) {}
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** How Twig prints a value: nothing for null, 1 or nothing for booleans, items joined for lists. */
export const toText = (v: unknown): string => {
  if (v === null || v === undefined || v === false) return '';
  if (v === true) return '1';
  if (v instanceof Safe) return v.html;
  if (Array.isArray(v)) return v.map(toText).join(', ');
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
};

/** Only own fields of plain data: `x.constructor`, `x.__proto__` and the like are undefined. */
export const field = (object: unknown, key: unknown): unknown => {
  if (object === null || typeof object !== 'object') return undefined;
  const k = typeof key === 'number' ? String(key) : key;
  if (typeof k !== 'string' || !Object.hasOwn(object, k)) return undefined;
  return (object as Record<string, unknown>)[k];
};

export const compare = (op: string, a: unknown, b: unknown): boolean => {
  switch (op) {
    case '==':
      // Twig compares loosely: 1 == '1'.
      return a == b || (typeof a === 'object' && JSON.stringify(a) === JSON.stringify(b));
    case '!=':
      return !compare('==', a, b);
    case '<':
      return (a as number) < (b as number);
    case '>':
      return (a as number) > (b as number);
    case '<=':
      return (a as number) <= (b as number);
    default:
      return (a as number) >= (b as number);
  }
};

export const contains = (haystack: unknown, needle: unknown) =>
  typeof haystack === 'string'
    ? haystack.includes(toText(needle))
    : Array.isArray(haystack)
      ? haystack.some((x) => compare('==', x, needle))
      : haystack !== null && typeof haystack === 'object'
        ? Object.values(haystack).some((x) => compare('==', x, needle))
        : false;

export const isEmpty = (v: unknown) =>
  v === null ||
  v === undefined ||
  v === false ||
  v === '' ||
  (Array.isArray(v) && v.length === 0) ||
  (typeof v === 'object' && !(v instanceof Safe) && Object.keys(v as object).length === 0);

const lengthOf = (v: unknown) =>
  typeof v === 'string'
    ? [...v].length
    : Array.isArray(v)
      ? v.length
      : v && typeof v === 'object'
        ? Object.keys(v).length
        : 0;

const items = (v: unknown): unknown[] =>
  Array.isArray(v) ? v : v && typeof v === 'object' ? Object.values(v) : typeof v === 'string' ? [...v] : [];

const pad = (n: number) => String(n).padStart(2, '0');

/** PHP's date() letters that Twig's `date` filter takes: d j m n Y y H G i s; times in UTC. */
const formatDate = (value: unknown, format: string) => {
  const date = new Date(typeof value === 'number' ? value * 1000 : String(value ?? ''));
  if (Number.isNaN(date.getTime())) return '';
  const parts: Record<string, string> = {
    d: pad(date.getUTCDate()),
    j: String(date.getUTCDate()),
    m: pad(date.getUTCMonth() + 1),
    n: String(date.getUTCMonth() + 1),
    Y: String(date.getUTCFullYear()),
    y: pad(date.getUTCFullYear() % 100),
    H: pad(date.getUTCHours()),
    G: String(date.getUTCHours()),
    i: pad(date.getUTCMinutes()),
    s: pad(date.getUTCSeconds()),
  };
  return format.replace(/\\?[djmnYyHGis]/g, (c) => (c.startsWith('\\') ? c.slice(1) : parts[c]));
};

const numberFormat = (v: unknown, decimals = 0, point = '.', thousands = ',') => {
  const [whole, fraction] = Math.abs(Number(v) || 0)
    .toFixed(decimals)
    .split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, thousands);
  return `${Number(v) < 0 ? '-' : ''}${grouped}${fraction ? point + fraction : ''}`;
};

type Filter = (input: unknown, ...args: unknown[]) => unknown;

const FILTERS: Record<string, Filter> = {
  upper: (v) => toText(v).toUpperCase(),
  lower: (v) => toText(v).toLowerCase(),
  capitalize: (v) => {
    const s = toText(v).toLowerCase();
    return s.charAt(0).toUpperCase() + s.slice(1);
  },
  title: (v) =>
    toText(v)
      .toLowerCase()
      .replace(/(^|\s)(\p{L})/gu, (_, a, b: string) => a + b.toUpperCase()),
  trim: (v) => toText(v).trim(),
  length: lengthOf,
  default: (v, fallback = '') => (isEmpty(v) ? fallback : v),
  join: (v, glue = '') => items(v).map(toText).join(toText(glue)),
  first: (v) => (typeof v === 'string' ? ([...v][0] ?? '') : items(v)[0]),
  last: (v) => (typeof v === 'string' ? ([...v].at(-1) ?? '') : items(v).at(-1)),
  keys: (v) => (Array.isArray(v) ? v.map((_, i) => i) : v && typeof v === 'object' ? Object.keys(v) : []),
  reverse: (v) => (typeof v === 'string' ? [...v].reverse().join('') : [...items(v)].reverse()),
  sort: (v) => [...items(v)].sort((a, b) => (toText(a) < toText(b) ? -1 : toText(a) > toText(b) ? 1 : 0)),
  slice: (v, start = 0, length?: unknown) => {
    const s = Number(start);
    const end = length === undefined || length === null ? undefined : s + Number(length);
    return typeof v === 'string' ? [...v].slice(s, end).join('') : items(v).slice(s, end);
  },
  split: (v, separator = '') => toText(v).split(toText(separator)),
  replace: (v, pairs) =>
    Object.entries((pairs ?? {}) as Record<string, unknown>).reduce(
      (s, [from, to]) => s.split(from).join(toText(to)),
      toText(v),
    ),
  round: (v, precision = 0) => {
    const f = 10 ** Number(precision);
    return Math.round((Number(v) || 0) * f) / f;
  },
  abs: (v) => Math.abs(Number(v) || 0),
  number_format: (v, decimals, point, thousands) =>
    numberFormat(v, Number(decimals ?? 0), toText(point ?? '.'), toText(thousands ?? ',')),
  date: (v, format = 'd/m/Y') => formatDate(v, toText(format)),
  striptags: (v) => toText(v).replace(/<[^>]*>/g, ''),
  url_encode: (v) => encodeURIComponent(toText(v)),
  json_encode: (v) => JSON.stringify(v ?? null),
  nl2br: (v) => new Safe((v instanceof Safe ? v.html : escapeHtml(toText(v))).replace(/\r?\n/g, '<br />\n')),
  escape: (v) => (v instanceof Safe ? v : new Safe(escapeHtml(toText(v)))),
  e: (v) => (v instanceof Safe ? v : new Safe(escapeHtml(toText(v)))),
  raw: (v) => (v instanceof Safe ? v : new Safe(toText(v))),
  merge: (v, other) =>
    Array.isArray(v) ? [...v, ...items(other)] : { ...(v as object), ...((other ?? {}) as object) },
};

/**
 * The filter of that name, looked up in the engine's own table only: `x|constructor`,
 * `x|toString` or `x|__proto__` name no filter (docs/security.md, "A hostile input fails its own analysis"), and the parser
 * refuses them as unknown.
 */
export const filterNamed = (name: string): Filter | undefined =>
  Object.hasOwn(FILTERS, name) ? FILTERS[name] : undefined;
