import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './db';

/**
 * server/kernel/db/migrations of the project this module runs from: found from the nearest package.json
 * up, so that the sources (tsx) and the server bundle (dist-server/, scripts/lib.mjs) read the
 * same folder.
 */
const projectMigrations = (): string => {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json')))
      return path.join(dir, 'server', 'kernel', 'db', 'migrations');
    if (path.dirname(dir) === dir) throw new Error('No package.json above the server: migrations not found');
  }
};
const migrationsDir = projectMigrations();

/** An arbitrary constant: serialises concurrent starts of several processes on one PostgreSQL. */
const MIGRATION_LOCK = 727_001;

/**
 * Applies the SQL files of db/migrations in name order, each once, each in its own transaction.
 * Returns the names applied by this call.
 */
export const migrate = async (db: Db): Promise<string[]> => {
  const files = fs
    .readdirSync(migrationsDir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  return db.transaction(async (tx) => {
    if (db.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set(
      (await tx.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name),
    );
    const applied: string[] = [];
    for (const file of files.filter((f) => !done.has(f))) {
      const sql = fs.readFileSync(path.join(migrationsDir, file), 'utf8');
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      applied.push(file);
    }
    return applied;
  });
};

/**
 * Splits a migration into statements: at each `;` outside dollar-quoted bodies ($$ … $$, of
 * functions). Our migrations keep `;` and `$$` out of strings and `--` out of bodies.
 */
export const splitStatements = (sql: string): string[] => {
  const statements: string[] = [];
  let current = '';
  sql
    .replace(/--.*$/gm, '')
    .split('$$')
    .forEach((part, i) => {
      if (i % 2 === 1) {
        current += `$$${part}$$`;
        return;
      }
      const [head, ...rest] = part.split(';');
      current += head;
      for (const piece of rest) {
        statements.push(current);
        current = piece;
      }
    });
  statements.push(current);
  return statements.map((s) => s.trim()).filter(Boolean);
};
