import { randomBytes } from 'node:crypto';
import type { Config } from './config';
import { openDatabase, type Db } from './db';
import type { Logger } from './logger';
import { startQueue, type Queue } from './queue';
import { startEnvironmentDeletionWorker } from './jobs/environment-deletion';
import { startMailWorker } from './jobs/mail';

/** What every part of the server shares: configuration, database, queue, logger. */
export interface Platform {
  config: Config;
  db: Db;
  queue: Queue;
  log: Logger;
  jwtSecret: string;
  stop(): Promise<void>;
}

export interface Roles {
  /** Run the queue's workers (and its maintenance) in this process. */
  worker: boolean;
}

/**
 * Opens the database (migrating it), starts the queue, and the workers when this process has that role.
 *
 * @example
 * const platform = await startPlatform(loadConfig(), log, { worker: true });
 */
export const startPlatform = async (
  config: Config,
  log: Logger,
  roles: Roles,
  db?: Db,
): Promise<Platform> => {
  const database = db ?? (await openDatabase(config));
  try {
    const queue = await startQueue(database, log, { supervise: roles.worker });
    if (roles.worker) {
      await startMailWorker(queue.boss, database, log, { smtpUrl: config.smtpUrl, from: config.mailFrom });
      await startEnvironmentDeletionWorker(queue.boss, database, log);
    }
    const jwtSecret = config.jwtSecret ?? (await storedSecret(database));
    return {
      config,
      db: database,
      queue,
      log,
      jwtSecret,
      stop: async () => {
        await queue.stop();
        await database.close();
      },
    };
  } catch (err) {
    await database.close();
    throw err;
  }
};

/** A signing secret made once per installation and kept in the database, so every process shares it. */
const storedSecret = async (db: Db): Promise<string> => {
  await db.query(
    `INSERT INTO platform_settings (key, value) VALUES ('jwt_secret', $1) ON CONFLICT (key) DO NOTHING`,
    [randomBytes(48).toString('base64url')],
  );
  const rows = await db.query<{ value: string }>(
    `SELECT value FROM platform_settings WHERE key = 'jwt_secret'`,
  );
  return rows[0].value;
};
