import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ResourceSchema } from '../../schemas/_defs/admin';
import type { Db } from '../kernel/db';
import { documentSql } from './document-store';
import { scalarFields } from './fields';
import { sortExpression } from './sql-reads';

/** Every index this module manages is named so; any other index of the table is left alone. */
const PREFIX = 'rdx_';

export interface DocumentIndex {
  name: string;
  sql: string;
  /** A trigram index for the `q` search: needs the pg_trgm extension. */
  trigram: boolean;
}

/**
 * The indexes the lists of one document resource need, read from its schema: one per sortable
 * column (scope, sort expression, id: a page is a range of it), one per filter (scope, value), and
 * a trigram index per searched field, so that `q` (ILIKE '%…%') does not read every document.
 * Each is partial (`WHERE resource = '…'`): it holds that resource's documents only. Its name is a
 * hash of its definition, so a schema change gives a new index and the old one is dropped.
 */
export const documentIndexes = (schema: ResourceSchema): DocumentIndex[] => {
  const { listColumns, filters = [], searchFields = [], defaultSort } = schema['x-admin'];
  const sql = documentSql(schema);
  const scalars = new Set(scalarFields(schema));
  const inData = (f: string) => scalars.has(f) && !(f in sql.columns);
  const sortable = new Set([...listColumns, ...(defaultSort ? [defaultSort.field] : [])]);
  const src = { schema, idExpr: 'id', fields: sql.fields, sorts: sql.sorts };
  const bodies: { body: string; trigram: boolean }[] = [
    ...[...sortable]
      .filter((f) => scalars.has(f) && f !== 'id')
      .map((f) => ({ body: `(scope_id, (${sortExpression(src, f)}), id)`, trigram: false })),
    ...filters.filter(inData).map((f) => ({ body: `(scope_id, (${sql.fields[f]}))`, trigram: false })),
    ...searchFields
      .filter(inData)
      // No pending list: configuration is read far more often than written, and a search would
      // otherwise read every document inserted since the last vacuum.
      .map((f) => ({
        body: `USING gin ((${sql.fields[f]}) gin_trgm_ops) WITH (fastupdate = off)`,
        trigram: true,
      })),
  ];
  return bodies.map(({ body, trigram }) => {
    const definition = `${body} WHERE ${sql.resourceCondition}`;
    const name = PREFIX + createHash('sha1').update(definition).digest('hex').slice(0, 24);
    return { name, trigram, sql: `CREATE INDEX IF NOT EXISTS ${name} ON resource_documents ${definition}` };
  });
};

/** Another process that boots at the same time may create the same object first. */
const alreadyThere = (err: unknown) =>
  ['42P07', '42710', '23505'].includes((err as { code?: string }).code ?? '');

/** pg_trgm, if this database has it or lets us create it (it is a trusted extension since PG 13). */
const trigramAvailable = async (db: Db, log: FastifyBaseLogger) => {
  try {
    await db.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    return true;
  } catch (err) {
    if (alreadyThere(err)) return true;
    log.warn({ err }, 'pg_trgm is not available: searches (q) of document resources read every document');
    return false;
  }
};

/**
 * Brings the indexes of document resources in line with the schemas, at boot: creates the missing
 * ones, drops those no schema asks for any more. Building an index on a large table takes a while
 * and blocks writes to it meanwhile; this happens once per schema change.
 */
export const syncDocumentIndexes = async (
  db: Db,
  schemas: readonly ResourceSchema[],
  log: FastifyBaseLogger,
) => {
  const wanted = schemas.filter((s) => s['x-admin'].storage === 'document').flatMap(documentIndexes);
  const existing = new Set(
    (
      await db.query<{ indexname: string }>(
        `SELECT indexname FROM pg_indexes WHERE tablename = 'resource_documents' AND indexname LIKE $1`,
        [`${PREFIX}%`],
      )
    ).map((r) => r.indexname),
  );
  const missing = wanted.filter((i) => !existing.has(i.name));
  const trigram = missing.some((i) => i.trigram) && (await trigramAvailable(db, log));
  for (const index of missing) {
    if (index.trigram && !trigram) continue;
    await db.query(index.sql).catch((err: unknown) => {
      if (!alreadyThere(err)) throw err;
    });
  }
  const names = new Set(wanted.map((i) => i.name));
  for (const name of existing) if (!names.has(name)) await db.query(`DROP INDEX IF EXISTS ${name}`);
  if (missing.length > 0) log.info({ created: missing.length }, 'document resource indexes built');
};
