import pg from 'pg';
import { JsonbArray, type Db, type Queryable, type Row } from './db';

/** jsonb's binary input format: a version byte (1), then the JSON text. */
const JSONB_BINARY_VERSION = Buffer.of(1);
const param = (p: unknown) => (p instanceof JsonbArray ? p.bytes(JSONB_BINARY_VERSION) : p);

/** A PostgreSQL server through a pg pool; several API and worker processes may share it. */
export const openPostgres = async (connectionString: string): Promise<Db> => {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // Fail at boot, with the server's own words, rather than at the first request.
  await pool.query('SELECT 1');
  const wrap = (c: pg.Pool | pg.PoolClient): Queryable => ({
    query: async <T extends Row>(text: string, params?: unknown[]) =>
      (await c.query<T>(text, params?.map(param))).rows,
  });
  return {
    kind: 'postgres',
    ...wrap(pool),
    transaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    executeSql: async (text, values) => {
      const result = (await pool.query(text, values)) as unknown as
        pg.QueryResult<Row> | pg.QueryResult<Row>[];
      return Array.isArray(result) ? result.map((r) => ({ rows: r.rows })) : { rows: result.rows };
    },
    close: () => pool.end(),
  };
};
