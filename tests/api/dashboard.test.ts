import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardReport } from '../../schemas/contracts/dashboard';
import { startTestPlatform, type TestPlatform } from './support/platform';
import { API, buildTenants, listQuery, type Role, type Tenants } from './support/tenants';

let t: TestPlatform;
let acme: Tenants;
let url: string;

interface Row {
  status?: string;
  categories?: string[];
  durationMs?: number;
  /** Step → milliseconds of the steps that ran. */
  steps?: Record<string, number>;
  /** Extracted data: name → value. */
  extracted?: Record<string, string>;
}

/** An analysis as the worker leaves it (its result included), created at a chosen instant. */
const analysis = async (environmentId: string, createdAt: string, row: Row = {}) => {
  const { status = 'processed', categories = [], durationMs = null, steps = {}, extracted = {} } = row;
  const result =
    status === 'processed' || status === 'error'
      ? {
          categories: categories.map((name) => ({ name, kind: 'message', rule: null })),
          extractedData: Object.entries(extracted).map(([name, value]) => ({ name, value, source: 'x' })),
          trace: [
            ...Object.entries(steps).map(([step, ms]) => ({ step, status: 'done', durationMs: ms })),
            { step: 'vision', status: 'skipped', durationMs: 0 },
          ],
        }
      : null;
  const id = randomUUID();
  await t.platform.db.query(
    `INSERT INTO analyses (id, environment_id, name, input_type, status, duration_ms, created_at, result)
     VALUES ($1, $2, 'Analysis', 'text', $3, $4, $5::timestamptz, $6::jsonb)`,
    [id, environmentId, status, durationMs, createdAt, result === null ? null : JSON.stringify(result)],
  );
  return id;
};

const read = async (query: string, who: Role = 'cockpit', target = url) => {
  const res = await acme.call('GET', `${target}${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DashboardReport>();
};

/** `{ day: analyses }` of a report's series, every status together. */
const perBucket = (report: DashboardReport) =>
  Object.fromEntries(
    report.series.map(({ start, ...counts }) => [start, Object.values(counts).reduce((a, b) => a + b, 0)]),
  );

beforeAll(async () => {
  // No worker: the rows below are the whole story.
  t = await startTestPlatform({}, { worker: false });
  acme = await buildTenants(t);
  const { env, otherEnv } = acme.ids;
  url = `${API}/environments/${env}/dashboard`;

  // Europe/Paris springs forward on Sunday 30 March 2025 (02:00 → 03:00, a 23-hour day) and falls
  // back on Sunday 26 October 2025 (03:00 → 02:00, a 25-hour day). Local times in comments.
  await analysis(env, '2025-03-29T22:59:59Z', { categories: ['Claim'] }); //       29 Mar 23:59:59 +01
  await analysis(env, '2025-03-29T23:00:00Z', { categories: ['Claim'] }); //       30 Mar 00:00 +01
  await analysis(env, '2025-03-30T21:59:59Z', { status: 'error' }); //            30 Mar 23:59:59 +02
  await analysis(env, '2025-03-30T22:00:00Z', { categories: ['Invoice'] }); //     31 Mar 00:00 +02
  await analysis(env, '2025-03-31T21:59:59Z', { status: 'aborted' }); //          31 Mar 23:59:59 +02
  await analysis(env, '2025-03-31T22:00:00Z', { categories: ['Claim', 'Urgent'] }); // 1 Apr 00:00 +02
  await analysis(env, '2025-10-25T21:59:59Z'); //                                 25 Oct 23:59:59 +02
  await analysis(env, '2025-10-25T22:00:00Z'); //                                 26 Oct 00:00 +02
  await analysis(env, '2025-10-26T22:59:59Z'); //                                 26 Oct 23:59:59 +01
  await analysis(env, '2025-10-26T23:00:00Z'); //                                 27 Oct 00:00 +01

  // Durations and extraction, in June 2025.
  const june = (day: number) => `2025-06-${String(day).padStart(2, '0')}T10:00:00Z`;
  for (let i = 1; i <= 20; i += 1) {
    await analysis(env, june(i), {
      durationMs: i * 100,
      steps: { extractor: i * 10, nlu: 5 },
      extracted: i <= 15 ? { amount: String(i), ...(i <= 5 ? { iban: 'FR76' } : {}) } : {},
    });
  }
  await analysis(env, june(21), { status: 'waiting' });
  // A field of the environment never filled counts 0.
  await t.platform.db.query(
    `INSERT INTO resource_documents (scope, scope_id, resource, id, data)
     VALUES ('environment', $1, 'extraction-field', $2, $3::jsonb)`,
    [env, randomUUID(), JSON.stringify({ name: 'policyNumber', source: 'regex', pattern: 'P\\d+' })],
  );

  // Another tenant's analyses are never counted.
  await analysis(otherEnv, '2025-03-30T10:00:00Z', { categories: ['Claim'] });
});
afterAll(() => t.close());

describe('environment dashboard: buckets in the caller’s time zone', () => {
  it('counts per local day across a month boundary and the spring daylight-saving change', async () => {
    const paris = await read('?from=2025-03-29&to=2025-04-01&tz=Europe/Paris');
    expect(paris.period).toEqual({
      from: '2025-03-29',
      to: '2025-04-01',
      bucket: 'day',
      timeZone: 'Europe/Paris',
    });
    expect(perBucket(paris)).toEqual({ '2025-03-29': 1, '2025-03-30': 2, '2025-03-31': 2, '2025-04-01': 1 });
    // The same instants, in UTC, fall on other days.
    const utc = await read('?from=2025-03-29&to=2025-04-01&tz=UTC');
    expect(perBucket(utc)).toEqual({ '2025-03-29': 2, '2025-03-30': 2, '2025-03-31': 2, '2025-04-01': 0 });
  });

  it('gives the 23-hour and the 25-hour day exactly their analyses', async () => {
    expect((await read('?from=2025-03-30&to=2025-03-30&tz=Europe/Paris')).totals.analyses).toBe(2);
    const october = await read('?from=2025-10-25&to=2025-10-27&tz=Europe/Paris');
    expect(perBucket(october)).toEqual({ '2025-10-25': 1, '2025-10-26': 2, '2025-10-27': 1 });
  });

  it('buckets by local month and by ISO week', async () => {
    const months = await read('?from=2025-03-01&to=2025-04-30&tz=Europe/Paris&bucket=month');
    expect(perBucket(months)).toEqual({ '2025-03-01': 5, '2025-04-01': 1 });
    expect(months.series[0]).toEqual({
      start: '2025-03-01',
      waiting: 0,
      pending: 0,
      processed: 3,
      error: 1,
      aborted: 1,
    });
    const weeks = await read('?from=2025-03-24&to=2025-04-06&tz=Europe/Paris&bucket=week');
    expect(perBucket(weeks)).toEqual({ '2025-03-24': 3, '2025-03-31': 3 });
  });

  it('counts statuses, the error rate and categories, and drills into the analyses of a category', async () => {
    const report = await read('?from=2025-03-01&to=2025-04-30&tz=Europe/Paris');
    expect(report.period.bucket).toBe('day');
    expect(report.totals).toMatchObject({ analyses: 6, processed: 4, error: 1, aborted: 1, waiting: 0 });
    expect(report.totals.errorRate).toBeCloseTo(1 / 6);
    expect(report.categories).toEqual([
      { name: 'Claim', analyses: 3 },
      { name: 'Invoice', analyses: 1 },
      { name: 'Urgent', analyses: 1 },
    ]);
    const list = await acme.call(
      'GET',
      `${API}/environments/${acme.ids.env}/analyses${listQuery({ filter: { categories: 'Claim' } })}`,
      'cockpit',
    );
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<unknown[]>()).toHaveLength(3);
  });

  it('keeps the categories of an anonymized analysis, whose result is gone', async () => {
    const id = await analysis(acme.ids.env, '2025-02-10T10:00:00Z', { categories: ['Archived'] });
    await t.platform.db.query(
      "UPDATE analyses SET result = NULL, anonymized_at = now(), name = 'Anonymized analysis' WHERE id = $1",
      [id],
    );
    const report = await read('?from=2025-02-10&to=2025-02-10&tz=Europe/Paris');
    expect(report.categories).toEqual([{ name: 'Archived', analyses: 1 }]);
  });

  it('gives processing time percentiles per step and extraction fill rates', async () => {
    const report = await read('?from=2025-06-01&to=2025-06-30&tz=Europe/Paris');
    expect(report.totals).toMatchObject({ analyses: 21, processed: 20, waiting: 1, errorRate: 0 });
    expect(report.durations.analysis).toEqual({ runs: 20, p50: 1050, p95: 1905 });
    expect(report.durations.steps).toEqual([
      { step: 'extractor', runs: 20, p50: 105, p90: 181, p95: 190.5, max: 200 },
      { step: 'nlu', runs: 20, p50: 5, p90: 5, p95: 5, max: 5 },
    ]);
    expect(report.extraction.analyses).toBe(20);
    expect(report.extraction.fields).toEqual([
      { name: 'amount', filled: 15, rate: 0.75 },
      { name: 'iban', filled: 5, rate: 0.25 },
      { name: 'policyNumber', filled: 0, rate: 0 },
    ]);
  });

  it('answers the last N days, weeks, months, quarters or years, ending today', async () => {
    const now = new Date().toISOString();
    await analysis(acme.ids.env, now, { categories: ['Today'] });
    const week = await read('?last=1&unit=weeks&tz=Europe/Paris');
    expect(week.series).toHaveLength(7);
    expect(week.totals.analyses).toBe(1);
    expect(week.categories).toEqual([{ name: 'Today', analyses: 1 }]);
    expect((await read('?last=1&unit=quarters&tz=Europe/Paris')).period.bucket).toBe('week');
    expect((await read('?last=1&unit=years&tz=Europe/Paris')).period.bucket).toBe('month');
    expect((await read('')).series).toHaveLength(30);
  });

  it('refuses a malformed period or an unknown time zone with a stable code', async () => {
    const cases: [string, string][] = [
      ['?from=2025-04-02&to=2025-04-01', 'INVALID_PERIOD'],
      ['?from=2025-04-02', 'INVALID_PERIOD'],
      ['?from=2000-01-01&to=2025-01-01&bucket=day', 'INVALID_PERIOD'],
      ['?tz=Mars/Olympus_Mons', 'INVALID_TIME_ZONE'],
    ];
    for (const [query, code] of cases) {
      const res = await acme.call('GET', `${url}${query}`, 'cockpit');
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ code });
    }
  });
});

describe('environment dashboard: access (spec §6)', () => {
  it('is open to cockpit viewers, qualifiers, configurators, administrators and staff', async () => {
    for (const who of ['cockpit', 'qualifier', 'configurator', 'admin', 'staff'] as const) {
      expect((await acme.call('GET', url, who)).statusCode, who).toBe(200);
    }
  });

  it('is refused to members without a level on the project, other tenants and anonymous callers', async () => {
    // No level on the project: the project is hidden from them, as for every route (404, DESIGN.md §5).
    const noAccess = await acme.call('GET', url, 'noAccess');
    expect(noAccess.statusCode).toBe(404);
    // Another organisation's administrator learns nothing of Acme's environment.
    const outsider = await acme.call('GET', url, 'outsider');
    expect(outsider.statusCode).toBe(404);
    expect(outsider.body).not.toContain(acme.ids.env);
    // And Acme's members cannot read Rival's.
    const rival = await acme.call('GET', `${API}/environments/${acme.ids.otherEnv}/dashboard`, 'admin');
    expect(rival.statusCode).toBe(404);
    expect((await acme.call('GET', url, 'anonymous')).statusCode).toBe(401);
  });

  it('hides a hidden environment from a cockpit viewer (spec §4: hidden ones are for configurators)', async () => {
    const res = await acme.call('GET', `${API}/environments/${acme.ids.hidden}/dashboard`, 'cockpit');
    expect(res.statusCode).toBe(404);
  });

  it('answers DASHBOARDS_DISABLED when the deployment turned dashboards off', async () => {
    t.platform.config.dashboards = false;
    try {
      const res = await acme.call('GET', url, 'cockpit');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        code: 'DASHBOARDS_DISABLED',
        message: 'Dashboards are not available on this deployment',
      });
    } finally {
      t.platform.config.dashboards = true;
    }
  });
});
