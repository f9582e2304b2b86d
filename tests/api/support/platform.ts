import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createScratchDatabase } from '../../support/scratch-database';
import type { ResourceSchema } from '../../../schemas/_defs/admin';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/kernel/config';
import { submissionLimits } from '../../../server/kernel/http/rate-limit';
import type { Db } from '../../../server/kernel/db';
import { migrate } from '../../../server/kernel/db/migrate';
import { openPglite } from '../../../server/kernel/db/pglite';
import { openPostgres } from '../../../server/kernel/db/postgres';
import { createLogger } from '../../../server/kernel/logger';
import { startPlatform } from '../../../server/platform';
import type { Platform } from '../../../server/platform-type';

export interface TestPlatform {
  app: FastifyInstance;
  platform: Platform;
  /** How another process reaches the same database: DATA_DIR (on disk only) or DATABASE_URL. */
  databaseEnv: Record<string, string>;
  /** Stops the app and the platform, keeping the database for another process. */
  stop(): Promise<void>;
  /** Stops, then drops the database. */
  close(): Promise<void>;
}

export interface TestPlatformOptions {
  /** Run the queue workers in this process (default true). */
  worker?: boolean;
  /** PGlite in a temporary folder instead of memory, so that another process can open it later. */
  onDisk?: boolean;
  /** Resource schemas for the generic routes (default: every schema of schemas/index.ts). */
  schemas?: readonly ResourceSchema[];
  /** The clock of the submission rate limits (milliseconds), for a test that moves it instead of sleeping. */
  rateLimitClock?: () => number;
}

/**
 * A fresh database for one test file: in-memory PGlite, or a new database on the PostgreSQL server
 * named by TEST_DATABASE_URL (CI runs every API test on both).
 */
export const freshDatabase = async (
  onDisk: boolean,
): Promise<{ db: Db; env: Record<string, string>; drop(): Promise<void> }> => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const dir = onDisk ? fs.mkdtempSync(path.join(os.tmpdir(), 'console-api-')) : undefined;
    return {
      db: await openPglite(dir),
      env: dir ? { DATA_DIR: dir } : {},
      drop: async () => (dir ? fs.rmSync(dir, { recursive: true, force: true }) : undefined),
    };
  }
  const scratch = await createScratchDatabase(serverUrl, 'test');
  return { db: await openPostgres(scratch.url), env: { DATABASE_URL: scratch.url }, drop: scratch.drop };
};

/** Starts the real platform (database, pg-boss queue with its workers, Fastify app) for a test file. */
export const startTestPlatform = async (
  env: Record<string, string> = {},
  options: TestPlatformOptions = {},
): Promise<TestPlatform> => {
  const config = loadConfig({ LOG_LEVEL: 'silent', PUBLIC_URL: 'http://console.test', ...env });
  const { db, env: databaseEnv, drop } = await freshDatabase(options.onDisk ?? false);
  await migrate(db);
  const platform = await startPlatform(config, createLogger(config), { worker: options.worker ?? true }, db);
  if (options.rateLimitClock)
    platform.submissionLimits = submissionLimits(config.submissionLimits, options.rateLimitClock);
  const app = await buildApp(platform, { schemas: options.schemas });
  await app.ready();
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await app.close();
    await platform.stop();
  };
  return {
    app,
    platform,
    databaseEnv,
    stop,
    close: async () => {
      await stop();
      await drop();
    },
  };
};
