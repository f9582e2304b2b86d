import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsumptionReport } from '../../schemas/contracts/consumption';
import { startTestPlatform, type TestPlatform } from './support/platform';
import { API, ROLES, buildTenants, type Role, type Tenants } from './support/tenants';

let t: TestPlatform;
let acme: Tenants;
let url: string;
let archive: string;
let contractStart: string;

const MB = 1_048_576;

/** An analysis row as the platform leaves it, at a chosen date (UTC), duration, input size and LLM tokens. */
const analysis = async (
  environmentId: string,
  createdAt: string,
  { durationMs = null, size = 0, status = 'processed', anonymized = false, tokens = 0 } = {} as {
    durationMs?: number | null;
    size?: number;
    status?: string;
    anonymized?: boolean;
    tokens?: number;
  },
) =>
  t.platform.db.query(
    `INSERT INTO analyses (id, environment_id, name, input_type, status, size, duration_ms, created_at,
                           anonymized_at, llm_tokens)
     VALUES ($1, $2, 'Analysis', 'text', $3, $4, $5, $6::timestamptz, CASE WHEN $7 THEN now() END, $8)`,
    [randomUUID(), environmentId, status, size, durationMs, createdAt, anonymized, tokens],
  );

/** The expected CO2 of `ms` of processing, written out: 12 W per busy core, PUE 1.3, 0.06 kg per kWh. */
const expectedKwh = (ms: number) => (ms / 3_600_000) * (12 / 1000) * 1.3;

/** 1 March of this year if it has come, else of last year (UTC): Acme's contract year. */
const currentMarchFirst = () => {
  const now = new Date();
  const year = now.getUTCFullYear();
  return now >= new Date(`${year}-03-01T00:00:00Z`) ? `${year}-03-01` : `${year - 1}-03-01`;
};

const read = async (query = '', who: Role = 'admin', target = url) => {
  const res = await acme.call('GET', `${target}${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ConsumptionReport>();
};

const SPRING_2025 = '?from=2025-04-01&to=2025-06-30';

beforeAll(async () => {
  // No worker: the rows below are the whole story (no job, no retention run touches them).
  t = await startTestPlatform({}, { worker: false });
  acme = await buildTenants(t);
  const { org, env: production, hidden: staging, closed, otherEnv } = acme.ids;
  url = `${API}/organisations/${org}/consumption`;
  archive = await acme.fixtures.environment(closed, 'Archive');
  await acme.fixtures.project(org, 'Zeta idle');
  await t.platform.db.query(
    "UPDATE organisations SET contract_start_date = '2019-03-01', yearly_quota = 10 WHERE id = $1",
    [org],
  );
  contractStart = currentMarchFirst();

  // Spring 2025, across two projects; the CO2 is counted from 24 April 2025.
  await analysis(production, '2025-03-31T23:59:59Z', { durationMs: 700, size: MB });
  await analysis(production, '2025-04-10T08:00:00Z', { durationMs: 1000, size: MB, tokens: 100 });
  await analysis(production, '2025-04-23T23:59:59Z', { durationMs: 100 });
  await analysis(production, '2025-04-24T00:00:00Z', { durationMs: 1500, size: MB / 2, status: 'error' });
  await analysis(production, '2025-05-15T12:00:00Z', {
    durationMs: 3000,
    size: 2 * MB,
    anonymized: true,
    tokens: 50,
  });
  await analysis(staging, '2025-05-20T12:00:00Z', { status: 'aborted' });
  await analysis(archive, '2025-06-02T09:00:00Z', { durationMs: 5000, size: 10 * MB, tokens: 1000 });
  await analysis(archive, '2025-07-01T00:00:00Z', { durationMs: 9000, size: MB });
  // Another organisation's, and an environment being deleted: never counted here.
  await analysis(otherEnv, '2025-05-10T10:00:00Z', { durationMs: 99_999, size: 50 * MB, tokens: 99 });
  const gone = await acme.fixtures.environment(closed, 'Gone');
  await analysis(gone, '2025-05-11T10:00:00Z', { durationMs: 4242, size: MB });
  await t.platform.db.query('UPDATE environments SET deletion_requested_at = now() WHERE id = $1', [gone]);

  // The current contract year: its first instant counts, the second before it does not.
  const start = new Date(`${contractStart}T00:00:00Z`);
  await analysis(production, start.toISOString(), { durationMs: 4000, size: MB });
  await analysis(production, new Date(start.getTime() - 1000).toISOString(), { durationMs: 8000 });
  await analysis(archive, new Date().toISOString(), { status: 'waiting' });
});
afterAll(() => t.close());

describe('organisation consumption', () => {
  it('counts analyses per month over a period, every status and anonymized ones included', async () => {
    const report = await read(`${SPRING_2025}&bucket=month`);
    expect(report.period).toEqual({ from: '2025-04-01', to: '2025-06-30', bucket: 'month' });
    expect(report.series).toEqual([
      { start: '2025-04-01', analyses: 3, tokens: 100 },
      { start: '2025-05-01', analyses: 2, tokens: 50 },
      { start: '2025-06-01', analyses: 1, tokens: 1000 },
    ]);
    expect(report.totals).toEqual({ analyses: 6, tokens: 1150, sizeMb: 13.5 });
  });

  it('buckets by ISO week and by day, empty buckets included', async () => {
    expect((await read('?from=2025-04-21&to=2025-05-04&bucket=week')).series).toEqual([
      { start: '2025-04-21', analyses: 2, tokens: 0 },
      { start: '2025-04-28', analyses: 0, tokens: 0 },
    ]);
    expect((await read('?from=2025-04-23&to=2025-04-25&bucket=day')).series).toEqual([
      { start: '2025-04-23', analyses: 1, tokens: 0 },
      { start: '2025-04-24', analyses: 1, tokens: 0 },
      { start: '2025-04-25', analyses: 0, tokens: 0 },
    ]);
  });

  it('gives analyses, tokens and sizes in MB per project and environment, idle ones included', async () => {
    const { projects } = await read(SPRING_2025);
    expect(
      projects.map(({ id: _id, environments, ...p }) => ({ ...p, environments: environments.length })),
    ).toEqual([
      { name: 'Claims', analyses: 5, tokens: 150, sizeMb: 3.5, environments: 2 },
      { name: 'Closed', analyses: 1, tokens: 1000, sizeMb: 10, environments: 1 },
      { name: 'Zeta idle', analyses: 0, tokens: 0, sizeMb: 0, environments: 0 },
    ]);
    expect(projects[0].id).toBe(acme.ids.project);
    expect(projects[0].environments).toEqual([
      { id: acme.ids.env, name: 'Production', analyses: 4, tokens: 150, sizeMb: 3.5 },
      { id: acme.ids.hidden, name: 'Staging', analyses: 1, tokens: 0, sizeMb: 0 },
    ]);
    expect(projects[1].environments).toEqual([
      { id: archive, name: 'Archive', analyses: 1, tokens: 1000, sizeMb: 10 },
    ]);
  });

  it('computes the CO2 from the processing time since 24 April 2025, as the formula says', async () => {
    const { co2 } = await read(SPRING_2025);
    // 24 April (1.5 s), 15 May (3 s), 20 May (never processed), 2 June (5 s).
    expect(co2).toMatchObject({ since: '2025-04-24', analyses: 4, processingMs: 9500 });
    expect(co2.energyKwh).toBeCloseTo(expectedKwh(9500), 15);
    expect(co2.kgCo2).toBeCloseTo(expectedKwh(9500) * 0.06, 15);
    expect(co2.factors).toEqual({ wattsPerBusyCore: 12, pue: 1.3, kgCo2PerKwh: 0.06 });
    expect(co2.method).toContain('PUE 1.3');
    // A period starting later is counted from its own start.
    const may = (await read('?from=2025-05-16&to=2025-06-30')).co2;
    expect(may).toMatchObject({ since: '2025-05-16', analyses: 2, processingMs: 5000 });
    expect(may.kgCo2).toBeCloseTo(expectedKwh(5000) * 0.06, 15);
  });

  it('defaults to the current contract year by month, and measures the quota from its start', async () => {
    const report = await read();
    expect(report.period.from).toBe(contractStart);
    expect(report.period.bucket).toBe('month');
    expect(report.series).toHaveLength(12);
    expect(report.series[0].start).toBe(contractStart);
    expect(report.series.reduce((sum, bucket) => sum + bucket.analyses, 0)).toBe(2);
    expect(report.totals.analyses).toBe(2);
    expect(report.quota).toEqual({ yearlyQuota: 10, contractStart, used: 2, remaining: 8, percent: 20 });
    expect(report.co2).toMatchObject({ since: contractStart, analyses: 2, processingMs: 4000 });
    // The quota is the contract year's whatever period is shown.
    expect((await read(SPRING_2025)).quota.used).toBe(2);
  });

  it('counts the contract year from 1 January without a start date, and shows no quota without one', async () => {
    const rival = await read(
      SPRING_2025,
      'outsider',
      `${API}/organisations/${acme.ids.otherOrg}/consumption`,
    );
    expect(rival.quota).toEqual({
      yearlyQuota: null,
      contractStart: `${new Date().getUTCFullYear()}-01-01`,
      used: 0,
      remaining: null,
      percent: null,
    });
    expect(rival.totals.analyses).toBe(1);
    expect(JSON.stringify(rival)).not.toContain('Claims');
    expect(JSON.stringify(await read(SPRING_2025))).not.toMatch(/Rival|Gone/);
  });

  it('is for organisation administrators and platform staff', async () => {
    const expected: Record<Role, number> = {
      admin: 200,
      staff: 200,
      configurator: 403,
      qualifier: 403,
      cockpit: 403,
      noAccess: 403,
      outsider: 404,
      anonymous: 401,
    };
    for (const who of ROLES) {
      expect([who, (await acme.call('GET', url, who)).statusCode]).toEqual([who, expected[who]]);
    }
    expect((await acme.call('GET', `${API}/organisations/not-a-uuid/consumption`, 'staff')).statusCode).toBe(
      404,
    );
    expect(
      (await acme.call('GET', `${API}/organisations/${randomUUID()}/consumption`, 'staff')).statusCode,
    ).toBe(404);
  });

  it('refuses a period that ends before it starts, bad dates and buckets, and too many buckets', async () => {
    const backwards = await acme.call('GET', `${url}?from=2025-06-30&to=2025-04-01`, 'admin');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ code: 'INVALID_PERIOD', details: [{ path: 'to' }] });
    const tooLong = await acme.call('GET', `${url}?from=2020-01-01&to=2029-12-31&bucket=day`, 'admin');
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ code: 'INVALID_PERIOD', details: [{ path: 'bucket' }] });
    for (const query of ['?bucket=year', '?from=2025-02-30', '?to=tomorrow']) {
      const res = await acme.call('GET', `${url}${query}`, 'admin');
      expect([query, res.statusCode, res.json().code]).toEqual([query, 400, 'VALIDATION_FAILED']);
    }
  });
});
