import { randomUUID } from 'node:crypto';
import pg from 'pg';

/**
 * A new, empty database on the PostgreSQL server of `serverUrl`, for one test file, the end-to-end
 * run or a benchmark, and the way to drop it afterwards.
 *
 * @example
 * const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'test');
 * // … use scratch.url …
 * await scratch.drop();
 */
export const createScratchDatabase = async (serverUrl: string, prefix: string) => {
  const name = `${prefix}_${randomUUID().replace(/-/g, '')}`;
  const onServer = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await onServer(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
};
