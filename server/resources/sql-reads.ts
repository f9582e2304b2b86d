import type { ResourceSchema } from '../../schemas/_defs/admin';
import type { Queryable, Row } from '../kernel/db';
import { fieldKind, isStringArray, isTimestamp, scalarFields } from './fields';
import { isUuid } from '../kernel/http/ids';
import type { ListQuery, ListResult, ResourceRecord, ResourceStore } from './store';

/**
 * The reads every SQL-backed store shares (list with sort / range / filter / q / ids, get, locate,
 * unique conflicts), built from a map of schema fields to SQL expressions. Field names only ever come
 * from that map (the list parser refuses the others), values only travel as parameters.
 */
export interface SqlSource {
  schema: ResourceSchema;
  /** FROM clause, joins included. */
  from: string;
  select: string;
  idExpr: string;
  /** Expression of the scope id; undefined for the platform scope. */
  scopeExpr?: string;
  /** A condition every row must meet (e.g. the document's resource), given a parameter binder. */
  where?: (bind: Bind) => string;
  /** Schema field → SQL expression, for every field that sorts, filters or is searched. */
  fields: Record<string, string>;
  /** Expressions to order by where the generic one (see `sortExpression`) does not fit. */
  sorts?: Record<string, string>;
  toRecord?: (row: Row) => ResourceRecord;
  /**
   * The total of a list kept elsewhere (e.g. counts per tag), when the query is one it keeps;
   * undefined: the matching rows are counted.
   */
  total?: (q: Queryable, query: ListQuery) => Promise<number | undefined>;
}

type Bind = (value: unknown) => string;

const binder = () => {
  const params: unknown[] = [];
  const bind: Bind = (value) => {
    params.push(value);
    return `$${params.length}`;
  };
  return { params, bind };
};

/** Dates become ISO strings, as the schemas' `date-time` fields say. */
const defaultRecord = (row: Row): ResourceRecord =>
  Object.fromEntries(
    Object.entries(row).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]),
  ) as ResourceRecord;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const asText = (v: unknown) => (v === null || v === undefined ? null : String(v));

const conditionsOf = (src: SqlSource, bind: Bind, query: Omit<ListQuery, 'sort' | 'range'>) => {
  const where: string[] = [];
  if (src.where) where.push(src.where(bind));
  if (src.scopeExpr && query.scopeId !== undefined) where.push(`${src.scopeExpr} = ${bind(query.scopeId)}`);
  const equal = (field: string, value: unknown) => {
    // Ids compare as UUIDs, so that the primary key's index serves gets and getMany.
    if (field === 'id') {
      const ids = ([] as unknown[])
        .concat(value)
        .filter((v): v is string => typeof v === 'string' && isUuid(v));
      return `${src.idExpr} = ANY(${bind(ids)}::uuid[])`;
    }
    const expr = src.fields[field];
    if (value === null) return `${expr} IS NULL`;
    const values = Array.isArray(value) ? value : [value];
    // A list of tags matches when it holds any of the values (a GIN index serves `&&`).
    if (isStringArray(src.schema, field)) return `${expr} && ${bind(values.map(asText))}::text[]`;
    return `(${expr})::text = ANY(${bind(values.map(asText))}::text[])`;
  };
  for (const [field, value] of Object.entries(query.filter)) where.push(equal(field, value));
  for (const [field, values] of Object.entries(query.restrict ?? {})) where.push(equal(field, [...values]));
  for (const [field, bounds] of Object.entries(query.bounds ?? {})) {
    const type = bounds.kind === 'number' ? 'numeric' : 'timestamptz';
    const expr = `(${src.fields[field]})::${type}`;
    if (bounds.gte !== undefined) where.push(`${expr} >= ${bind(bounds.gte)}::${type}`);
    if (bounds.lte !== undefined) where.push(`${expr} <= ${bind(bounds.lte)}::${type}`);
  }
  if (query.ids) where.push(equal('id', [...query.ids]));
  const searched = (src.schema['x-admin'].searchFields ?? []).filter((f) => src.fields[f]);
  if (query.q && searched.length > 0) {
    const pattern = bind(`%${escapeLike(query.q)}%`);
    where.push(
      `(${searched.map((f) => `(${src.fields[f]})::text ILIKE ${pattern} ESCAPE '\\'`).join(' OR ')})`,
    );
  }
  return where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
};

/**
 * What a list orders by for a field: numbers numerically, text case-insensitively, the rest (ids,
 * timestamps, booleans) as they are. Indexes built for sorting use the same expression, or the
 * planner could not match them.
 */
export const sortExpression = (
  src: Pick<SqlSource, 'schema' | 'idExpr' | 'fields' | 'sorts'>,
  field: string,
) => {
  if (field === 'id') return src.idExpr;
  const given = src.sorts?.[field];
  if (given) return given;
  const expr = src.fields[field];
  const kind = fieldKind(src.schema, field);
  if (kind === 'number') return `(${expr})::numeric`;
  return kind === 'text' && !isTimestamp(src.schema, field) ? `lower((${expr})::text)` : expr;
};

const orderOf = (src: SqlSource, query: ListQuery) => {
  const { field, order } = query.sort;
  // The id breaks ties, so that pages never overlap or skip a record.
  return `ORDER BY ${sortExpression(src, field)} ${order}, ${src.idExpr} ${order}`;
};

/** list / get / locate / conflicts of a store, from its SQL source, and `reread` for its writes. */
export const sqlReads = (src: SqlSource) => {
  // A schema field the adapter does not map would reach SQL as "undefined": refuse at boot instead.
  const unmapped = scalarFields(src.schema).filter((f) => f !== 'id' && !(f in src.fields));
  if (unmapped.length > 0)
    throw new Error(`Resource '${src.schema.$id}': no SQL expression for ${unmapped.join(', ')}`);
  const toRecord = src.toRecord ?? defaultRecord;
  const reads: Pick<ResourceStore, 'list' | 'get' | 'locate' | 'conflicts'> = {
    list: async (q: Queryable, query: ListQuery): Promise<ListResult> => {
      const { params, bind } = binder();
      const where = conditionsOf(src, bind, query);
      const limit = bind(query.range.end - query.range.start + 1);
      const offset = bind(query.range.start);
      const rows = await q.query(
        `SELECT ${src.select} FROM ${src.from} ${where} ${orderOf(src, query)} LIMIT ${limit} OFFSET ${offset}`,
        params,
      );
      const size = query.range.end - query.range.start + 1;
      // A page the records did not fill ends the list: its total is known. Only a full page (or an
      // empty one past the end) needs a count, made apart: a window count in the page's query
      // would carry every matching row, all its columns, through the sort (0.2 s at 100,000).
      if (rows.length > 0 && rows.length < size) {
        return { rows: rows.map(toRecord), total: query.range.start + rows.length };
      }
      const kept = await src.total?.(q, query);
      if (kept !== undefined) return { rows: rows.map(toRecord), total: kept };
      const counted = await q.query<{ total: number }>(
        `SELECT count(*)::int AS total FROM ${src.from} ${conditionsOf(src, binder().bind, query)}`,
        params.slice(0, params.length - 2),
      );
      return { rows: rows.map(toRecord), total: counted[0].total };
    },

    get: async (q, scopeId, id) => {
      const { params, bind } = binder();
      const where = conditionsOf(src, bind, { scopeId, filter: {}, ids: [id] });
      const rows = await q.query(`SELECT ${src.select} FROM ${src.from} ${where}`, params);
      return rows[0] && toRecord(rows[0]);
    },

    locate: async (q, id) => {
      const { params, bind } = binder();
      const where = conditionsOf(src, bind, { scopeId: undefined, filter: {}, ids: [id] });
      const rows = await q.query<{ scope_id: string | null }>(
        `SELECT ${src.scopeExpr ?? 'NULL'} AS scope_id FROM ${src.from} ${where}`,
        params,
      );
      return rows[0] && { scopeId: rows[0].scope_id ?? undefined };
    },

    conflicts: async (q, scopeId, values, exceptId) => {
      const { params, bind } = binder();
      const where = [conditionsOf(src, bind, { scopeId, filter: {} }) || 'WHERE true'];
      if (exceptId) where.push(`(${src.idExpr})::text <> ${bind(exceptId)}`);
      for (const [field, value] of Object.entries(values)) {
        const expr = src.fields[field];
        where.push(
          typeof value === 'string'
            ? `lower((${expr})::text) = lower(${bind(value)})`
            : `(${expr})::text = ${bind(asText(value))}`,
        );
      }
      const rows = await q.query(`SELECT 1 FROM ${src.from} ${where.join(' AND ')} LIMIT 1`, params);
      return rows.length > 0;
    },
  };
  /** The record just written, read back in the shape every read gives. */
  const reread = async (q: Queryable, id: string) => (await reads.get(q, undefined, id)) as ResourceRecord;
  return { ...reads, reread };
};

/** `expr AS "field"` for every mapped field: rows come back keyed by the schema's names. */
export const selectOf = (columns: Record<string, string>) =>
  Object.entries(columns)
    .map(([field, expr]) => `${expr} AS "${field}"`)
    .join(', ');
