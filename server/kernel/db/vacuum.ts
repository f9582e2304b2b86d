import type { Logger } from '../logger';
import type { Queryable } from './db';

/**
 * PGlite runs PostgreSQL in single-user mode, which has no autovacuum: without this, no table of
 * the embedded database was ever vacuumed. The space of every row updated or deleted stayed taken
 * (an analysis's row is written three times; retention empties rows and deletes files; each queue
 * job is written and deleted), so the data folder only grew; the visibility map stayed empty; and
 * nothing froze old rows, which PostgreSQL must do before its transaction counter wraps around
 * (it refuses writes past about 2 billion transactions).
 *
 * So the process that owns PGlite vacuums the tables that need it, as autovacuum would: each in a
 * statement of its own, so that the API's statements run between them. A table is due from
 * DEAD_TUPLES dead rows (a fixed number, not autovacuum's fifth of the table: PGlite's statements
 * run on the event loop, and a vacuum costs in proportion to the pages changed since the last one),
 * or when its oldest unfrozen transaction is FREEZE_AGE old (autovacuum's anti-wraparound rule,
 * earlier). No ANALYZE: the embedded database's plans have always been made without column
 * statistics, and statistics taken at the wrong moment can make a queue's plan quadratic
 * (docs/decisions/queue-claim-by-primary-key.md).
 */
export const DEAD_TUPLES = 1000;
const FREEZE_AGE = 150_000_000;
const CHECK_MS = 10_000;

const DUE = `SELECT format('%I.%I', n.nspname, c.relname) AS name
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE c.relkind IN ('r', 'm') AND c.relpersistence = 'p'
    AND (pg_stat_get_dead_tuples(c.oid) >= $1 OR age(c.relfrozenxid) >= $2)
  ORDER BY pg_stat_get_dead_tuples(c.oid) DESC`;

/** Vacuums the tables that are due, one statement each; answers their names. */
export const vacuumDue = async (q: Queryable): Promise<string[]> => {
  const due = await q.query<{ name: string }>(DUE, [DEAD_TUPLES, FREEZE_AGE]);
  for (const { name } of due) await q.query(`VACUUM ${name}`);
  return due.map((t) => t.name);
};

/**
 * Vacuums the whole database once in its life, at the start that first runs this code (after the
 * migrations, before the API listens): a database made before it was never vacuumed, and its
 * first vacuum reads every page, which on a large one would hold the event loop for seconds if the
 * loop below did it. Later vacuums read only the pages changed since the one before. Answers
 * whether it vacuumed.
 */
export const firstVacuum = async (q: Queryable, log?: Pick<Logger, 'info'>): Promise<boolean> => {
  const done = await q.query(`SELECT 1 FROM platform_settings WHERE key = 'vacuumed_at'`);
  if (done.length) return false;
  const started = Date.now();
  await q.query('VACUUM');
  await q.query(`INSERT INTO platform_settings (key, value) VALUES ('vacuumed_at', now()::text)`);
  log?.info({ ms: Date.now() - started }, 'embedded database vacuumed whole, once');
  return true;
};

/** Looks for due tables every `everyMs`; `stop` waits for a round in progress. */
export const startVacuum = (q: Queryable, log?: Pick<Logger, 'warn'>, everyMs = CHECK_MS) => {
  let round: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    round ??= vacuumDue(q)
      .catch((err: unknown) => log?.warn({ err }, 'vacuum of the embedded database failed'))
      .finally(() => (round = undefined));
  }, everyMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await round;
    },
  };
};
