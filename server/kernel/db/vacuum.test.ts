import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './db';
import { openPglite } from './pglite';
import { migrate } from './migrate';
import { DEAD_TUPLES, firstVacuum, startVacuum, vacuumDue } from './vacuum';

/** The embedded database has no autovacuum (single-user mode): the process vacuums it (vacuum.ts). */
let db: Db;
beforeAll(async () => {
  db = await openPglite(undefined);
  await db.query('CREATE TABLE churn (id int PRIMARY KEY, body text)');
  await db.query('CREATE TABLE calm (id int PRIMARY KEY, body text)');
  await db.query(`INSERT INTO churn SELECT i, repeat('x', 400) FROM generate_series(1, 2000) AS i`);
  await db.query(`INSERT INTO calm SELECT i, 'y' FROM generate_series(1, 10) AS i`);
});
afterAll(() => db.close());

/**
 * Rewrites every row of `table`. PostgreSQL publishes a statement's counts when its session is next
 * idle, at most once a second: the flush is asked for, so that the next statement sees them.
 */
const rewrite = async (table: string) => {
  await db.query(`UPDATE ${table} SET body = body`);
  await db.query('SELECT pg_stat_force_next_flush()');
};
const deadRows = async (table: string) =>
  (await db.query<{ n: number }>(`SELECT pg_stat_get_dead_tuples('${table}'::regclass)::int AS n`))[0].n;
const bytes = async (table: string) =>
  (await db.query<{ n: number }>(`SELECT pg_relation_size('${table}')::int AS n`))[0].n;

describe('the embedded database', () => {
  it('has no autovacuum of its own: dead rows stay until the process vacuums', async () => {
    await rewrite('churn');
    await rewrite('calm');
    expect(await deadRows('churn')).toBe(2000);
    // Below the threshold, a table is left alone.
    expect(await deadRows('calm')).toBeLessThan(DEAD_TUPLES);

    const vacuumed = await vacuumDue(db);
    expect(vacuumed).toContain('public.churn');
    expect(vacuumed).not.toContain('public.calm');
    expect(await deadRows('churn')).toBe(0);
    expect(await deadRows('calm')).toBe(10);
  });

  it('reuses the space of updated rows, so a table rewritten again and again stops growing', async () => {
    const start = await bytes('churn');
    for (let round = 0; round < 6; round++) {
      await rewrite('churn');
      await vacuumDue(db);
    }
    // Without the vacuums, each round adds a whole copy of the table (four times this size).
    expect(await bytes('churn')).toBeLessThanOrEqual(2 * start);
  });

  it('is vacuumed in the background while the process runs, and the loop stops with it', async () => {
    const loop = startVacuum(db, undefined, 20);
    await rewrite('churn');
    await expect.poll(() => deadRows('churn'), { timeout: 5000 }).toBe(0);
    await loop.stop();
    await rewrite('churn');
    await new Promise((r) => setTimeout(r, 100));
    expect(await deadRows('churn')).toBe(2000);
  });

  it('is vacuumed whole once, at the first start of a database made before (never vacuumed)', async () => {
    const made = await openPglite(undefined);
    try {
      await migrate(made);
      const lastVacuum = async () =>
        (
          await made.query<{ at: string | null }>(
            `SELECT pg_stat_get_last_vacuum_time('analyses'::regclass) AS at`,
          )
        )[0].at;
      expect(await lastVacuum()).toBeNull();
      expect(await firstVacuum(made)).toBe(true);
      const at = await lastVacuum();
      expect(at).not.toBeNull();
      // Later starts leave it to the tables' own thresholds.
      expect(await firstVacuum(made)).toBe(false);
      expect(await lastVacuum()).toEqual(at);
    } finally {
      await made.close();
    }
  });
});
