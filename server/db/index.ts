import type { Config } from '../config';
import type { Db } from './db';
import { migrate } from './migrate';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';

export type { Db, Queryable, Row } from './db';
export { first } from './db';

/** Opens the configured database (PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR) and migrates it. */
export const openDatabase = async (config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Db> => {
  const db = config.databaseUrl ? await openPostgres(config.databaseUrl) : await openPglite(config.dataDir);
  try {
    await migrate(db);
  } catch (err) {
    await db.close();
    throw err;
  }
  return db;
};
