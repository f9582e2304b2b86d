import type { ResourceSchema } from '../../schemas/_defs/admin';
import { ClientError } from '../kernel/http/errors';
import { checkDecoded } from '../kernel/http/input';
import { fieldKind, isStringArray, isTimestamp } from './fields';
import type { Bounds, Range, Sort } from './store';

/** The most records one page may hold (react-admin's exports ask for 1000). */
export const MAX_PAGE = 1000;

export interface ParsedListQuery {
  sort: Sort;
  range: Range;
  filter: Record<string, unknown>;
  bounds?: Record<string, Bounds>;
  q?: string;
  ids?: string[];
}

const invalid = (param: string, message: string) =>
  new ClientError(400, 'INVALID_LIST_QUERY', `Invalid ${param}: ${message}`, {
    details: [{ path: param, message }],
    params: { param },
  });

const parseJson = (param: string, raw: unknown): unknown => {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string') throw invalid(param, 'must be given once');
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw invalid(param, 'is not valid JSON');
  }
  // The query string was checked as text; the JSON in it may still spell a NUL as \u0000.
  checkDecoded(value, param, 1);
  return value;
};

const isScalar = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v);

const parseSort = (schema: ResourceSchema, raw: unknown): Sort => {
  const value = parseJson('sort', raw);
  const fallback = schema['x-admin'].defaultSort ?? { field: 'id', order: 'ASC' };
  if (value === undefined) return fallback;
  if (!Array.isArray(value) || value.length !== 2 || typeof value[0] !== 'string')
    throw invalid('sort', 'expected ["field","ASC"|"DESC"]');
  const [field, order] = value as [string, unknown];
  const kind = fieldKind(schema, field);
  if (kind === undefined) throw invalid('sort', `unknown field '${field}'`);
  if (kind === 'complex') throw invalid('sort', `field '${field}' cannot be sorted`);
  if (order !== 'ASC' && order !== 'DESC') throw invalid('sort', 'the order must be ASC or DESC');
  return { field, order };
};

const parseRange = (raw: unknown): Range => {
  const value = parseJson('range', raw);
  if (value === undefined) return { start: 0, end: MAX_PAGE - 1 };
  if (
    !Array.isArray(value) ||
    value.length !== 2 ||
    !value.every((n) => Number.isSafeInteger(n) && n >= 0) ||
    value[0] > value[1]
  )
    throw invalid('range', 'expected [start,end], two integers with 0 <= start <= end');
  if (value[1] - value[0] + 1 > MAX_PAGE) throw invalid('range', `a page holds at most ${MAX_PAGE} records`);
  return { start: value[0], end: value[1] };
};

const parseIds = (value: unknown): string[] => {
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string' || typeof v === 'number'))
    throw invalid('filter', 'ids must be an array of ids');
  return value.map(String);
};

const BOUND = /^(.+)_(gte|lte)$/;

/**
 * `createdAt_gte` / `weight_lte` (react-admin's convention): a bound on a date-time or number field,
 * the value checked here so that SQL never sees a malformed date or number.
 */
const parseBound = (schema: ResourceSchema, key: string, value: unknown) => {
  const [, field, side] = BOUND.exec(key) as unknown as [string, string, 'gte' | 'lte'];
  const kind = fieldKind(schema, field);
  if (kind === 'number') {
    if (typeof value !== 'number' || !Number.isFinite(value))
      throw invalid('filter', `'${key}' must be a number`);
  } else if (kind === 'text' && isTimestamp(schema, field)) {
    if (typeof value !== 'string' || Number.isNaN(Date.parse(value)))
      throw invalid('filter', `'${key}' must be an ISO date`);
  } else {
    throw invalid('filter', `field '${field}' has no bounds (numbers and dates only)`);
  }
  return { field, side, value, kind: kind === 'number' ? ('number' as const) : ('date' as const) };
};

const parseFilter = (schema: ResourceSchema, raw: unknown, bracketIds: unknown) => {
  const value = parseJson('filter', raw) ?? {};
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw invalid('filter', 'expected a JSON object');
  const filter: Record<string, unknown> = {};
  const bounds: Record<string, Bounds> = {};
  let q: string | undefined;
  let ids: string[] | undefined;
  for (const [field, v] of Object.entries(value as Record<string, unknown>)) {
    if (field === 'q') {
      if (typeof v !== 'string') throw invalid('filter', 'q must be a string');
      q = v.trim() || undefined;
    } else if (field === 'ids') {
      ids = parseIds(v);
    } else if (BOUND.test(field) && fieldKind(schema, field) === undefined) {
      const bound = parseBound(schema, field, v);
      bounds[bound.field] = { ...bounds[bound.field], kind: bound.kind, [bound.side]: bound.value };
    } else {
      const kind = fieldKind(schema, field);
      if (kind === undefined) throw invalid('filter', `unknown field '${field}'`);
      if (kind === 'complex' && !isStringArray(schema, field))
        throw invalid('filter', `field '${field}' cannot be filtered`);
      if (!(isScalar(v) || (Array.isArray(v) && v.every(isScalar))))
        throw invalid('filter', `the value of '${field}' must be a value or an array of values`);
      filter[field] = v;
    }
  }
  // Bracket style (`ids[]=a&ids[]=b`, spec §7) says the same as `filter={"ids":[…]}`.
  if (bracketIds !== undefined) ids = [...(ids ?? []), ...parseIds([bracketIds].flat())];
  return { filter, q, ids, ...(Object.keys(bounds).length > 0 ? { bounds } : {}) };
};

/**
 * Reads the simple-REST list parameters of ra-data-simple-rest (`sort=["name","ASC"]`,
 * `range=[0,24]`, `filter={"q":"car","type":"nlu","ids":[…]}`) against the resource's schema.
 * Anything malformed or unknown is a 400 that names it, rather than being ignored.
 */
export const parseListQuery = (schema: ResourceSchema, query: Record<string, unknown>): ParsedListQuery => ({
  sort: parseSort(schema, query.sort),
  range: parseRange(query.range),
  ...parseFilter(schema, query.filter, query['ids[]']),
});
