import type { ComputedColumn, ResourceSchema } from '../../schemas';
import type { Queryable } from '../kernel/db';
import type { RequestAuth } from '../kernel/access/plugin';
import { requireLevel, type Scope } from './access';
import type { ResourceRecord } from './store';

type Referrers = Extract<ComputedColumn, { referrers: string }>;

/** One computed column the server fills: its name, and the referring resource's schema. */
interface ReferrersColumn {
  column: string;
  declared: Referrers;
  referrer: ResourceSchema;
}

const isReferrers = (column: ComputedColumn): column is Referrers => 'referrers' in column;

/** The `referrers` columns of a schema, with the schemas they read (checked at boot). */
export const referrersColumns = (
  schema: ResourceSchema,
  schemas: readonly ResourceSchema[],
): ReferrersColumn[] =>
  Object.entries(schema['x-admin'].computedColumns ?? {}).flatMap(([column, declared]) => {
    if (!isReferrers(declared)) return [];
    const referrer = schemas.find((s) => s.$id === declared.referrers);
    if (
      !referrer ||
      referrer['x-admin'].storage !== 'document' ||
      referrer['x-admin'].scope !== schema['x-admin'].scope
    )
      throw new Error(
        `${schema.$id}.${column}: referrers must name a document resource of the same scope (${declared.referrers})`,
      );
    return [{ column, declared, referrer }];
  });

const mayRead = (auth: RequestAuth, scope: Scope, schema: ResourceSchema) => {
  try {
    requireLevel(auth, scope, schema['x-admin'].access.read);
    return true;
  } catch {
    return false;
  }
};

/**
 * The listed records with their `referrers` columns (x-admin `computedColumns`): for each, the
 * representations of the records that name it, sorted case-insensitively, or their count. One query
 * for the page, whatever the number of records and columns; the cached rows are not modified.
 *
 * @example
 *   await withReferrers(db, auth, scope, columns, rows)
 *   // [{ name: 'billing', …, servers: ['main', 'spare'], interactionCount: 12 }]
 */
export const withReferrers = async (
  q: Queryable,
  auth: RequestAuth,
  scope: Scope,
  schema: ResourceSchema,
  columns: readonly ReferrersColumn[],
  rows: ResourceRecord[],
): Promise<ResourceRecord[]> => {
  const readable = columns.filter((c) => mayRead(auth, scope, c.referrer));
  if (readable.length === 0 || rows.length === 0 || scope.kind === 'platform') return rows;
  const representation = schema['x-admin'].recordRepresentation;
  const names = [...new Set(rows.map((r) => r[representation]).filter((n) => typeof n === 'string'))];
  const found = await q.query<{ column: string; target: string; referrer: string | null }>(
    `SELECT c.column_name AS column, v.name AS target, d.data->>c.representation AS referrer
       FROM unnest($3::text[], $4::text[], $5::text[], $6::text[])
              AS c(column_name, resource, field, representation)
       JOIN resource_documents d ON d.resource = c.resource AND d.scope = $1 AND d.scope_id = $2
       CROSS JOIN LATERAL jsonb_array_elements_text(
         CASE jsonb_typeof(d.data->c.field)
           WHEN 'array' THEN d.data->c.field
           WHEN 'string' THEN jsonb_build_array(d.data->c.field)
           ELSE '[]'::jsonb END) AS v(name)
      WHERE v.name = ANY($7::text[])`,
    [
      scope.kind,
      scope.id,
      readable.map((c) => c.column),
      readable.map((c) => c.referrer.$id),
      readable.map((c) => c.declared.field),
      readable.map((c) => c.referrer['x-admin'].recordRepresentation),
      names,
    ],
  );
  const byTarget = new Map<string, string[]>();
  for (const row of found) {
    const key = `${row.column}\n${row.target}`;
    byTarget.set(key, [...(byTarget.get(key) ?? []), row.referrer ?? '']);
  }
  const order = (a: string, b: string) =>
    a.toLowerCase().localeCompare(b.toLowerCase()) || a.localeCompare(b);
  return rows.map((row) => {
    const target = row[representation];
    const computed = readable.map(({ column, declared }) => {
      const referrers = typeof target === 'string' ? (byTarget.get(`${column}\n${target}`) ?? []) : [];
      return [column, declared.count ? referrers.length : [...new Set(referrers)].sort(order)] as const;
    });
    return { ...row, ...Object.fromEntries(computed) };
  });
};
