import type { Config } from '../config';
import type { Logger } from '../logger';
import type { Db } from './db';
import { migrate } from './migrate';

export type { Db, Queryable, Row } from './db';
export { first, JsonArrayParam, prepared, Prepared } from './db';
export { isConnectionError, retryOnConnectionError } from './retry';
export { underStartLock } from './start-lock';

/**
 * Opens the configured database (PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR) and
 * migrates it. Only the driver in use is loaded: the other would only lengthen the start. `log`
 * hears of PostgreSQL connections lost (a server restart), which the pool replaces, and of PGlite's
 * vacuums (db/vacuum.ts: the whole database once, then the tables that need it).
 */
export const openDatabase = async (
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  log?: Pick<Logger, 'warn' | 'info'>,
): Promise<Db> => {
  const db = config.databaseUrl
    ? await (await import('./postgres')).openPostgres(config.databaseUrl, { log })
    : await (await import('./pglite')).openPglite(config.dataDir, log);
  try {
    await migrate(db);
    if (db.kind === 'pglite') await (await import('./vacuum')).firstVacuum(db, log);
  } catch (err) {
    await db.close();
    throw err;
  }
  return db;
};
