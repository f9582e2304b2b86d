import { randomUUID } from 'node:crypto';
import type { ResourceSchema } from '../../schemas/_defs/admin';
import type { Queryable, Row } from '../kernel/db';
import { fieldKind, scalarFields, scopeFieldOf } from './fields';
import { listCache } from './list-cache';
import { sqlReads } from './sql-reads';
import type { ResourceRecord, ResourceStore } from './store';

/** Fields the table's own columns hold; everything else of the record lives in `data`. */
const COLUMN_FIELDS: Record<string, string> = { id: 'id', createdAt: 'created_at', updatedAt: 'updated_at' };

const literal = (s: string) => `'${s.replace(/'/g, "''")}'`;

/**
 * The SQL expressions of a document resource's fields, shared by its store (alias `d.`) and by the
 * indexes built for it (no alias), so that the planner matches one to the other. The resource is a
 * literal, not a parameter: partial indexes (`WHERE resource = '…'`) serve only queries that say it.
 * Numbers sort as JSON numbers (`data->'f'`), which never fails on a document written under an
 * older schema, where a cast to numeric would.
 */
export const documentSql = (schema: ResourceSchema, alias = '') => {
  const scopeField = scopeFieldOf(schema['x-admin'].scope);
  const columns: Record<string, string> = Object.fromEntries(
    Object.entries(COLUMN_FIELDS).map(([f, c]) => [f, `${alias}${c}`]),
  );
  if (scopeField) columns[scopeField] = `${alias}scope_id`;
  const inData = scalarFields(schema).filter((f) => !(f in columns));
  return {
    columns,
    fields: Object.fromEntries(
      scalarFields(schema).map((f) => [f, columns[f] ?? `${alias}data->>${literal(f)}`]),
    ),
    sorts: Object.fromEntries(
      inData.filter((f) => fieldKind(schema, f) === 'number').map((f) => [f, `${alias}data->${literal(f)}`]),
    ),
    resourceCondition: `${alias}resource = ${literal(schema.$id)}`,
  };
};

/**
 * Configuration entities (`storage: 'document'`): one JSONB document per record in
 * `resource_documents`, keyed by (resource, id) and scoped by (scope, scope_id). Nothing about a
 * resource is written here: its schema says everything, so a new schema file is a working resource.
 *
 * @example
 * const store = documentStore(moduleSchema);
 * await store.create(tx, ctx, { name: 'Extractor' });
 */
export const documentStore = (schema: ResourceSchema): ResourceStore => {
  const resource = schema.$id;
  const { scope } = schema['x-admin'];
  const scopeField = scopeFieldOf(scope);
  const { columns, fields, sorts, resourceCondition } = documentSql(schema, 'd.');
  const hasField = (f: string) => f in schema.properties;

  const toRecord = (row: Row): ResourceRecord => {
    const record: Record<string, unknown> = { ...(row.data as Record<string, unknown>), id: row.id };
    if (scopeField && hasField(scopeField)) record[scopeField] = row.scope_id;
    if (hasField('createdAt')) record.createdAt = (row.created_at as Date).toISOString();
    if (hasField('updatedAt')) record.updatedAt = (row.updated_at as Date).toISOString();
    return record as ResourceRecord;
  };
  /** The document keeps what the client wrote; ids, scope and times come from the columns. */
  const documentOf = (data: Record<string, unknown>) =>
    JSON.stringify(Object.fromEntries(Object.entries(data).filter(([k]) => !(k in columns))));

  const reads = sqlReads({
    schema,
    from: 'resource_documents d',
    select: 'd.id, d.scope_id, d.data, d.created_at, d.updated_at',
    idExpr: 'd.id',
    scopeExpr: scope === 'platform' ? undefined : 'd.scope_id',
    where: () => resourceCondition,
    fields,
    sorts,
    toRecord,
  });

  const lists = listCache();

  const returning = 'RETURNING id, scope_id, data, created_at, updated_at';
  return {
    ...reads,
    list: (q, query) => lists.read(q, resource, query, () => reads.list(q, query)),
    create: async (q, ctx, data) => {
      const [row] = await q.query(
        `INSERT INTO resource_documents (scope, scope_id, resource, id, data) VALUES ($1, $2, $3, $4, $5::jsonb) ${returning}`,
        [scope, ctx.scopeId ?? null, resource, randomUUID(), documentOf(data)],
      );
      return toRecord(row);
    },
    update: async (q, _ctx, before, data) => {
      const [row] = await q.query(
        `UPDATE resource_documents SET data = $3::jsonb, updated_at = now() WHERE resource = $1 AND id = $2 ${returning}`,
        [resource, before.id, documentOf(data)],
      );
      return toRecord(row);
    },
    delete: async (q, _ctx, before) => {
      await q.query('DELETE FROM resource_documents WHERE resource = $1 AND id = $2', [resource, before.id]);
    },
  };
};

/**
 * Documents have no foreign key to their scope: whoever deletes an organisation, a project or an
 * environment deletes the documents of it and of everything below it. Ids are UUIDs, unique across
 * those tables, so one statement serves the three kinds.
 */
export const deleteDocumentsBelow = (q: Queryable, scopeId: string) =>
  q.query(
    `DELETE FROM resource_documents WHERE scope_id = $1
       OR scope_id IN (SELECT id FROM projects WHERE organisation_id = $1)
       OR scope_id IN (SELECT e.id FROM environments e JOIN projects p ON p.id = e.project_id
                       WHERE p.id = $1 OR p.organisation_id = $1)`,
    [scopeId],
  );
