import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardReport } from '../../schemas/contracts/dashboard';
import { summariseDashboards } from '../../server/dashboard/rollup';
import { startTestPlatform, type TestPlatform } from './support/platform';
import { API, buildTenants, type Tenants } from './support/tenants';

/**
 * The dashboard read from the day summaries of migration 026 answers what it answers from the
 * analyses themselves: the same counts exactly, percentiles within 1 % (docs/decisions/dashboard-percentiles-from-histograms.md
 * "Dashboard"), whatever the zone cuts of the period's first and last days, and after analyses of a
 * summarised day changed.
 */
let t: TestPlatform;
let acme: Tenants;
let url: string;

const STATUSES = ['processed', 'processed', 'processed', 'error', 'aborted', 'pending', 'waiting'];
const CATEGORIES = ['Claim', 'Invoice', 'Urgent', 'Complaint'];

/** A deterministic pseudo-random sequence (mulberry32). */
const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let n = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  n = (n + Math.imul(n ^ (n >>> 7), 61 | n)) ^ n;
  return ((n ^ (n >>> 14)) >>> 0) / 4294967296;
};

/**
 * `count` analyses as the worker leaves them (the figures of migration 021 written directly), at
 * random instants between `from` and `to`, in one statement.
 */
const analyses = async (environmentId: string, from: string, to: string, count: number, seed: number) => {
  const next = random(seed);
  const start = Date.parse(from);
  const span = Date.parse(to) - start;
  const rows = Array.from({ length: count }, () => {
    const status = STATUSES[Math.floor(next() * STATUSES.length)];
    const finished = ['processed', 'error'].includes(status);
    return {
      id: randomUUID(),
      status,
      // Whole seconds, some exactly on a quarter of an hour.
      created_at: new Date(
        start + Math.floor((next() * span) / 1000) * 1000 - (next() < 0.1 ? start % 900_000 : 0),
      ).toISOString(),
      duration_ms: finished ? Math.round(50 + next() * 5000) : null,
      categories: finished ? CATEGORIES.filter(() => next() < 0.4) : null,
      extracted_fields: status === 'processed' ? ['amount', 'iban'].filter(() => next() < 0.6) : null,
      step_ms: finished
        ? [1, next() * 50, next() * 200, 3, null, null, null, next() < 0.5 ? 2 : null, 2, next() * 20, 1]
        : null,
    };
  });
  await t.platform.db.query(
    `INSERT INTO analyses (id, environment_id, name, input_type, status, duration_ms, created_at,
                           categories, extracted_fields, step_ms)
     SELECT r.id, $1, 'Analysis', 'text', r.status, r.duration_ms, r.created_at, r.categories,
            r.extracted_fields, r.step_ms
     FROM jsonb_to_recordset($2::jsonb) AS r (id uuid, status text, duration_ms int, created_at timestamptz,
                                             categories text[], extracted_fields text[], step_ms float8[])`,
    [environmentId, JSON.stringify(rows)],
  );
};

/** Periods cut mid-day by their zones (+01/+02, +05:30, +05:45, −03:30/−02:30, UTC), every bucket. */
const QUERIES = [
  '?from=2025-03-27&to=2025-04-03&tz=Europe/Paris',
  '?from=2025-03-27&to=2025-04-03&tz=Asia/Kolkata',
  '?from=2025-03-28&to=2025-04-02&tz=Asia/Kathmandu',
  '?from=2025-03-26&to=2025-04-04&tz=America/St_Johns',
  '?from=2025-03-26&to=2025-04-04&tz=UTC',
  '?from=2025-03-30&to=2025-03-30&tz=Europe/Paris',
  '?from=2025-03-24&to=2025-04-06&tz=Europe/Paris&bucket=week',
  '?from=2025-03-01&to=2025-04-30&tz=America/St_Johns&bucket=month',
  '?from=2025-10-20&to=2025-10-31&tz=Europe/Paris',
  '?from=2025-01-01&to=2025-12-31&tz=Asia/Kathmandu',
];

const read = async (query: string) => {
  const res = await acme.call('GET', `${url}${query}`, 'cockpit');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DashboardReport>();
};
const readAll = () => Promise.all(QUERIES.map(read));

/** The figures read from the analyses only: every summary set aside (the next run makes them again). */
const direct = async () => {
  await t.platform.db.query('DELETE FROM dashboard_days');
  await t.platform.db.query('DELETE FROM dashboard_watermarks');
  return readAll();
};

/** Equal, but percentiles (rounded to 0.1 ms) within 1 % plus the rounding. */
const expectSameFigures = (summarised: DashboardReport[], exact: DashboardReport[]) => {
  summarised.forEach((report, i) => {
    const { durations, ...counts } = report;
    const { durations: want, ...wantCounts } = exact[i];
    expect(counts, QUERIES[i]).toEqual(wantCounts);
    const close = (got: number | null, value: number | null, what: string) => {
      if (value === null) return expect(got, what).toBeNull();
      expect(Math.abs((got ?? NaN) - value), what).toBeLessThanOrEqual(value * 0.01 + 0.1);
    };
    expect(durations.analysis.runs, QUERIES[i]).toBe(want.analysis.runs);
    close(durations.analysis.p50, want.analysis.p50, `${QUERIES[i]} p50`);
    close(durations.analysis.p95, want.analysis.p95, `${QUERIES[i]} p95`);
    expect(durations.steps.map((s) => [s.step, s.runs, s.max])).toEqual(
      want.steps.map((s) => [s.step, s.runs, s.max]),
    );
    durations.steps.forEach((s, j) => {
      for (const p of ['p50', 'p90', 'p95'] as const)
        close(s[p], want.steps[j][p], `${QUERIES[i]} ${s.step} ${p}`);
    });
  });
};

/** The UTC months (`YYYY-MM`) of the environment whose histograms are added up (dashboard_months). */
const summaryMonths = async () =>
  (
    await t.platform.db.query<{ month: string }>(
      `SELECT DISTINCT to_char(month AT TIME ZONE 'UTC', 'YYYY-MM') AS month FROM dashboard_months
       WHERE environment_id = $1 ORDER BY 1`,
      [acme.ids.env],
    )
  ).map((r) => r.month);

const summaryDays = async () =>
  (
    await t.platform.db.query<{ day: string }>(
      `SELECT to_char(day AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day FROM dashboard_days WHERE environment_id = $1 ORDER BY 1`,
      [acme.ids.env],
    )
  ).map((r) => r.day);

beforeAll(async () => {
  // No worker: the test runs the summary job itself.
  t = await startTestPlatform({}, { worker: false });
  acme = await buildTenants(t);
  url = `${API}/environments/${acme.ids.env}/dashboard`;
  // Around the spring and autumn clock changes of 2025, and a few in other months.
  await analyses(acme.ids.env, '2025-03-25T00:00:00Z', '2025-04-06T00:00:00Z', 1500, 1);
  await analyses(acme.ids.env, '2025-10-24T00:00:00Z', '2025-10-29T00:00:00Z', 500, 2);
  await analyses(acme.ids.env, '2025-01-01T00:00:00Z', '2025-12-31T00:00:00Z', 300, 3);
  // Another tenant's, summarised too, never counted.
  await analyses(acme.ids.otherEnv, '2025-03-25T00:00:00Z', '2025-04-06T00:00:00Z', 200, 4);
});
afterAll(() => t.close());

describe('dashboard summaries', () => {
  it('answer what the analyses answer, for periods cut mid-day by their time zones', async () => {
    const exact = await readAll();
    // The live figures are the direct SQL's: the totals of the first period, counted here.
    const [{ n }] = await t.platform.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM analyses WHERE environment_id = $1
         AND created_at >= ('2025-03-27'::timestamp AT TIME ZONE 'Europe/Paris')
         AND created_at < ('2025-04-04'::timestamp AT TIME ZONE 'Europe/Paris')`,
      [acme.ids.env],
    );
    expect(exact[0].totals.analyses).toBe(n);

    expect(await summariseDashboards(t.platform.db)).toBeGreaterThan(0);
    expect(await summaryDays()).toContain('2025-03-30');
    // The year read in Kathmandu adds up the months February to November from their month rows.
    expect(await summaryMonths()).toEqual(expect.arrayContaining(['2025-02', '2025-03', '2025-11']));
    expectSameFigures(await readAll(), exact);
    // Nothing left to do until a day ends or changes.
    expect(await summariseDashboards(t.platform.db)).toBe(0);
  });

  it('take back a day whose analyses change after it was summarised, and summarise it again', async () => {
    await summariseDashboards(t.platform.db);
    const env = acme.ids.env;
    const pick = (day: string) =>
      t.platform.db.query<{ id: string }>(
        `SELECT id FROM analyses WHERE environment_id = $1 AND created_at >= $2::date AND created_at < $2::date + 1
         ORDER BY id LIMIT 2`,
        [env, day],
      );
    const [changed, reanalysed] = await pick('2025-03-28');
    const [deleted] = await pick('2025-03-31');
    // A late final status, a reanalysis (its figures taken back), a deletion, an analysis added.
    await t.platform.db.query(`UPDATE analyses SET status = 'error', duration_ms = 99999 WHERE id = $1`, [
      changed.id,
    ]);
    await t.platform.db.query(
      `UPDATE analyses SET status = 'waiting', result = NULL, categories = NULL, extracted_fields = NULL,
              step_ms = NULL, duration_ms = NULL WHERE id = $1`,
      [reanalysed.id],
    );
    await t.platform.db.query('DELETE FROM analyses WHERE id = $1', [deleted.id]);
    await analyses(env, '2025-04-02T10:00:00Z', '2025-04-02T11:00:00Z', 3, 5);
    const days = await summaryDays();
    for (const day of ['2025-03-28', '2025-03-31', '2025-04-02']) expect(days).not.toContain(day);
    expect(days).toContain('2025-03-29');
    expect(await summaryMonths()).not.toContain('2025-03');
    expect(await summaryMonths()).not.toContain('2025-04');

    // Read at once (those days from the analyses), then once summarised again.
    const meanwhile = await readAll();
    expect(await summariseDashboards(t.platform.db)).toBe(3);
    expect(await summaryDays()).toEqual(expect.arrayContaining(['2025-03-28', '2025-03-31', '2025-04-02']));
    expect(await summaryMonths()).toEqual(expect.arrayContaining(['2025-03', '2025-04']));
    const again = await readAll();
    const exact = await direct();
    expectSameFigures(meanwhile, exact);
    expectSameFigures(again, exact);
    expect(exact[0].totals.error).toBeGreaterThan(0);
  });

  it('stay when an old analysis is anonymized, and are never touched by fresh analyses', async () => {
    await summariseDashboards(t.platform.db);
    const before = await summaryDays();
    expect(before).toContain('2025-03-30');
    const [old] = await t.platform.db.query<{ id: string }>(
      `SELECT id FROM analyses WHERE environment_id = $1 AND status = 'processed' AND created_at < '2025-04-01' LIMIT 1`,
      [acme.ids.env],
    );
    await t.platform.db.query(
      `UPDATE analyses SET result = NULL, anonymized_at = now(), name = 'Anonymized analysis' WHERE id = $1`,
      [old.id],
    );
    // A fresh analysis, written and finished as the worker does.
    const fresh = randomUUID();
    await t.platform.db.query(
      `INSERT INTO analyses (id, environment_id, name, input_type) VALUES ($1, $2, 'Fresh', 'text')`,
      [fresh, acme.ids.env],
    );
    await t.platform.db.query(
      `UPDATE analyses SET status = 'processed', duration_ms = 10, categories = '{Claim}', step_ms = '{1}'
       WHERE id = $1`,
      [fresh],
    );
    expect(await summaryDays()).toEqual(before);
    const [{ n }] = await t.platform.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM dashboard_stale',
    );
    expect(n).toBe(0);
  });
});
