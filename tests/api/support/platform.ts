import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import type { Db } from '../../../server/db';
import { migrate } from '../../../server/db/migrate';
import { openPglite } from '../../../server/db/pglite';
import { openPostgres } from '../../../server/db/postgres';
import { createLogger } from '../../../server/logger';
import { startPlatform, type Platform } from '../../../server/platform';

export interface TestPlatform {
  app: FastifyInstance;
  platform: Platform;
  close(): Promise<void>;
}

/**
 * A fresh database for one test file: in-memory PGlite, or a new database on the PostgreSQL server
 * named by TEST_DATABASE_URL (CI runs every API test on both).
 */
const freshDatabase = async (): Promise<{ db: Db; drop(): Promise<void> }> => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { db: await openPglite(undefined), drop: async () => undefined };
  const name = `test_${randomUUID().replace(/-/g, '')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.toString());
  return {
    db,
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
};

/** Starts the real platform (database, pg-boss queue with its workers, Fastify app) for a test file. */
export const startTestPlatform = async (env: Record<string, string> = {}): Promise<TestPlatform> => {
  const config = loadConfig({ LOG_LEVEL: 'silent', PUBLIC_URL: 'http://console.test', ...env });
  const { db, drop } = await freshDatabase();
  await migrate(db);
  const platform = await startPlatform(config, createLogger(config), { worker: true }, db);
  const app = await buildApp(platform);
  await app.ready();
  return {
    app,
    platform,
    close: async () => {
      await app.close();
      await platform.stop();
      await drop();
    },
  };
};
