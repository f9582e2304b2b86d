import { randomUUID } from 'node:crypto';
import { createScratchDatabase } from '../tests/support/scratch-database';
import type { Db } from '../server/kernel/db';
import { migrate } from '../server/kernel/db/migrate';
import { openPglite } from '../server/kernel/db/pglite';
import { openPostgres } from '../server/kernel/db/postgres';
import { summariseDashboards } from '../server/dashboard/rollup';
import { relativeFrom, todayIn } from '../server/dashboard/period';
import {
  analysisDurations,
  categoryCounts,
  extractionFill,
  statusSeries,
  stepDurations,
  type PeriodFilter,
} from '../server/dashboard/repository';
import type { Measurement } from './run';

/** Analyses of the measured environment (BENCH_DASHBOARD_ANALYSES), spread over the last year. */
const ANALYSES = Number(process.env.BENCH_DASHBOARD_ANALYSES ?? 1_000_000);
const RUNS = 15;
const TIME_ZONE = 'Europe/Paris';

/**
 * `count` analyses of `environmentId` as the worker leaves them, created evenly over the last 365
 * days: 90 % processed, 5 % error, 3 % aborted, 2 % unfinished; one of 30 categories (and 'Urgent'
 * one time in seven), two extracted fields out of three, eight steps timed. The columns of migration
 * 021 are written directly (its trigger, which reads a result, is off meanwhile, as are migration
 * 026's, which would take back summaries that do not exist yet).
 */
const generate = async (db: Db, environmentId: string, count: number) => {
  await db.query('ALTER TABLE analyses DISABLE TRIGGER USER');
  const batch = 200_000;
  for (let start = 0; start < count; start += batch) {
    await db.query(
      `INSERT INTO analyses (id, environment_id, name, input_type, status, duration_ms, created_at,
                             categories, extracted_fields, step_ms)
       SELECT gen_random_uuid(), $1, 'bench', 'text',
              CASE WHEN r < 0.90 THEN 'processed' WHEN r < 0.95 THEN 'error' WHEN r < 0.98 THEN 'aborted'
                   WHEN r < 0.99 THEN 'pending' ELSE 'waiting' END,
              (200 + random() * 3000)::int,
              now() - (i::float8 / $3) * interval '365 days',
              ARRAY['Category ' || (i % 30)] || CASE WHEN i % 7 = 0 THEN ARRAY['Urgent'] ELSE '{}'::text[] END,
              CASE WHEN i % 3 = 0 THEN ARRAY['amount', 'date'] WHEN i % 3 = 1 THEN ARRAY['amount', 'iban']
                   ELSE ARRAY['date', 'iban'] END,
              -- TRACE_STEPS order; OCR data, post-processing and vision do not run.
              ARRAY[1, random() * 50, random() * 200, 3, NULL, NULL, NULL, 2, 2, random() * 20, 1]::float8[]
       FROM (SELECT i, random() AS r FROM generate_series($2::int + 1, $2::int + $4::int) i) s`,
      [environmentId, start, count, Math.min(batch, count - start)],
    );
  }
  await db.query('ALTER TABLE analyses ENABLE TRIGGER USER');
};

const environment = async (db: Db, projectId: string, name: string) => {
  const id = randomUUID();
  await db.query(`INSERT INTO environments (id, project_id, name) VALUES ($1, $2, $3)`, [
    id,
    projectId,
    name,
  ]);
  return id;
};

const p95 = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.ceil(0.95 * ms.length) - 1];
const round = (ms: number) => Math.round(ms * 10) / 10;

/** The database measured: PostgreSQL (BENCH_DATABASE_URL), or PGlite in memory (BENCH_DASHBOARD_PGLITE=1). */
const openBenchDatabase = async () => {
  if (process.env.BENCH_DASHBOARD_PGLITE === '1') {
    const db = await openPglite(undefined);
    return { db, label: 'PGlite', drop: async () => undefined };
  }
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) return undefined;
  const scratch = await createScratchDatabase(serverUrl, 'bench');
  return { db: await openPostgres(scratch.url), label: 'PostgreSQL', drop: scratch.drop };
};

const seconds = (since: number) => Math.round((performance.now() - since) / 100) / 10;

/**
 * The dashboard's widgets on PostgreSQL (BENCH_DATABASE_URL) or PGlite (BENCH_DASHBOARD_PGLITE=1):
 * each widget's query, p95 of RUNS runs, over the last 30 days and the last year of an environment
 * holding ANALYSES analyses (plus another environment with a fifth as many, which the queries must
 * skip), once the summary job (server/dashboard/rollup.ts) has run, as it does every five minutes.
 */
export const dashboardBenchmarks = async (): Promise<Measurement[]> => {
  const opened = await openBenchDatabase();
  if (!opened)
    return [{ name: 'set BENCH_DATABASE_URL (or BENCH_DASHBOARD_PGLITE=1) to measure', value: 0, unit: '' }];
  const { db, label: database } = opened;
  const rows: Measurement[] = [];
  try {
    await migrate(db);
    const org = randomUUID();
    const project = randomUUID();
    await db.query(`INSERT INTO organisations (id, name) VALUES ($1, 'Bench')`, [org]);
    await db.query(`INSERT INTO projects (id, organisation_id, name) VALUES ($1, $2, 'Bench')`, [
      project,
      org,
    ]);
    const measured = await environment(db, project, 'Measured');
    const other = await environment(db, project, 'Other');
    let started = performance.now();
    await generate(db, measured, ANALYSES);
    await generate(db, other, Math.round(ANALYSES / 5));
    await db.query('VACUUM ANALYZE analyses');
    rows.push({
      name: `${database}: generate ${ANALYSES.toLocaleString('en')} + ${Math.round(ANALYSES / 5).toLocaleString('en')} analyses`,
      value: seconds(started),
      unit: 's',
    });
    started = performance.now();
    await summariseDashboards(db);
    await db.query('VACUUM ANALYZE');
    rows.push({
      name: `${database}: summarise them (the job's first run)`,
      value: seconds(started),
      unit: 's',
    });
    started = performance.now();
    // A day taken back (an old analysis reanalysed), then summarised again by the next run.
    await db.query(
      `UPDATE analyses SET status = 'error' WHERE id = (SELECT id FROM analyses WHERE environment_id = $1
         AND created_at < now() - interval '100 days' LIMIT 1)`,
      [measured],
    );
    await summariseDashboards(db);
    rows.push({ name: `${database}: summarise a day again`, value: seconds(started), unit: 's' });

    const today = todayIn(TIME_ZONE, new Date());
    const periods = [
      { label: 'last 30 days', from: relativeFrom(today, 30, 'days'), bucket: 'day' as const },
      { label: 'last year', from: relativeFrom(today, 1, 'years'), bucket: 'month' as const },
    ];
    for (const period of periods) {
      const filter: PeriodFilter = {
        environmentId: measured,
        from: period.from,
        to: today,
        timeZone: TIME_ZONE,
      };
      const widgets: [string, () => Promise<unknown>][] = [
        ['analyses by status and bucket', () => statusSeries(db, filter, period.bucket)],
        ['categories', () => categoryCounts(db, filter)],
        ['analysis duration percentiles', () => analysisDurations(db, filter)],
        ['step duration percentiles', () => stepDurations(db, filter)],
        ['extraction fill rates', () => extractionFill(db, filter)],
      ];
      const [{ n }] = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM analyses
         WHERE environment_id = $1 AND created_at >= ($2::date::timestamp AT TIME ZONE $3::text)`,
        [measured, period.from, TIME_ZONE],
      );
      const measure = async (run: () => Promise<unknown>) => {
        await run(); // warm-up: plan cached, pages in memory
        const times: number[] = [];
        for (let i = 0; i < RUNS; i += 1) {
          const t0 = performance.now();
          await run();
          times.push(performance.now() - t0);
        }
        return round(p95(times));
      };
      const label = `${database}, ${period.label} (${n.toLocaleString('en')} analyses)`;
      for (const [name, run] of widgets) {
        rows.push({
          name: `${label}: ${name} p95`,
          value: await measure(run),
          unit: 'ms',
          target: '≤ 200 ms',
        });
      }
      // As the route runs them: side by side on the pool, the page waiting for the slowest.
      rows.push({
        name: `${label}: the five together, side by side p95`,
        value: await measure(() => Promise.all(widgets.map(([, run]) => run()))),
        unit: 'ms',
      });
    }
  } finally {
    await db.close();
    await opened.drop();
  }
  return rows;
};
