import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnalysis, getAnalysis } from '../../server/analyses/repository';
import { isConnectionError } from '../../server/kernel/db/retry';
import { takeBatch } from '../../server/analyses/claim';
import { recordOf, writeOutcomes } from '../../server/analyses/outcomes';
import { emptyResult } from '../../server/pipeline/engine';
import { bytesOutcome } from '../../server/pipeline-threads/protocol';
import { startTestPlatform, type TestPlatform } from './support/platform';
import { buildTenants, type Tenants } from './support/tenants';

/**
 * docs/security.md, "The database going away", piece by piece (the whole, with separate processes
 * under load, is database-restart.test.ts): a connection the server ends (57P01, as a restart does)
 * is an error event of the pg pool and of its clients, which used to end the process; the pool
 * opens new connections; the API answers 503 while the database is away; a batch's write waits for
 * it. PostgreSQL only: PGlite is embedded and has no connection to lose.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.runIf(serverUrl)('a PostgreSQL server that goes away', () => {
  let t: TestPlatform;
  let acme: Tenants;

  /** A pasted-text analysis of the test's environment, waiting. */
  const textAnalysis = async (name: string) =>
    (
      await createAnalysis(t.platform.db, t.platform.queue, {
        environmentId: acme.ids.env,
        name,
        inputType: 'text',
        text: 'Hello',
        metadata: {},
        manualFinalStatus: false,
      })
    ).row;
  let admin: pg.Client;
  let name: string;

  beforeAll(async () => {
    t = await startTestPlatform({}, { worker: false });
    acme = await buildTenants(t);
    name = new URL(t.databaseEnv.DATABASE_URL).pathname.slice(1);
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
    await admin.end();
    await t.close();
  });

  /** Ends every connection to the test's database, as a restart does (57P01 on each). */
  const terminateAll = async () =>
    (
      await admin.query<{ n: number }>(
        `SELECT count(*) FILTER (WHERE pg_terminate_backend(pid))::int AS n
         FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
        [name],
      )
    ).rows[0].n;
  /** The database refuses connections for `ms`, its current ones ended: a server restarting. */
  const outage = async (ms: number) => {
    await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
    await terminateAll();
    return sleep(ms).then(() => admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`));
  };

  it('survives the error events of idle and checked-out connections, and reconnects', async () => {
    const db = t.platform.db;
    // Several idle connections in the pool, and one held by a transaction between two statements.
    await Promise.all(Array.from({ length: 4 }, () => db.query('SELECT pg_sleep(0.05)')));
    let ended!: () => void;
    const inTransaction = db.transaction(async (tx) => {
      await tx.query('SELECT 1');
      await new Promise<void>((resolve) => (ended = resolve));
      await tx.query('SELECT 2');
    });
    await sleep(50);
    expect(await terminateAll()).toBeGreaterThan(1);
    await sleep(200);
    ended();
    const failure = await inTransaction.then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(isConnectionError(failure)).toBe(true);
    // The process is still here, and the next queries open new connections.
    const [{ one }] = await db.query<{ one: number }>('SELECT 1 AS one');
    expect(one).toBe(1);
    expect(await db.transaction((tx) => tx.query('SELECT 2 AS two'))).toEqual([{ two: 2 }]);
  });

  it('answers 503 DATABASE_UNAVAILABLE while the database is away, and /healthz says so', async () => {
    await t.app.inject({ method: 'GET', url: '/healthz' });
    const back = outage(1500);
    await sleep(100);
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: 'unavailable', code: 'DATABASE_UNAVAILABLE' });
    const list = await t.app.inject({
      method: 'GET',
      url: `/v4/console/api/environments/${acme.ids.env}/analyses`,
      headers: { authorization: acme.auth.admin },
    });
    expect(list.statusCode, list.body).toBe(503);
    expect(list.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
    expect(list.headers['retry-after']).toBeDefined();
    await back;
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it("waits for the database to write a finished batch's results, then writes them once", async () => {
    const row = await textAnalysis('written after the outage');
    const token = randomUUID();
    const {
      rows: [claimed],
    } = await takeBatch(t.platform.db, 10, token);
    expect(claimed.id).toBe(row.id);
    const record = recordOf({
      row: claimed,
      outcome: bytesOutcome({ ...emptyResult(claimed.id), status: 'processed' }),
      ms: 5,
    });

    const back = outage(2000);
    const written = await writeOutcomes(t.platform.db, t.platform.queue, [record], 60);
    await back;
    expect([...written]).toEqual([row.id]);
    const after = (await getAnalysis(t.platform.db, row.id))!;
    expect(after.status).toBe('processed');
    expect(after.attempts).toBe(1);
  });

  it('claims a batch once the database is back, and counts one attempt', async () => {
    const row = await textAnalysis('claimed after the outage');
    const back = outage(1500);
    const token = randomUUID();
    const claimed = await takeBatch(t.platform.db, 10, token);
    await back;
    expect([claimed.jobs, claimed.rows.map((c) => c.id)]).toEqual([1, [row.id]]);
    // Claimed again with the same token (its first answer lost, its job taken): found again by the
    // token, not a second attempt.
    const again = await takeBatch(t.platform.db, 10, token);
    expect([again.jobs, again.rows.map((c) => c.id)]).toEqual([0, [row.id]]);
    expect((await getAnalysis(t.platform.db, row.id))!.attempts).toBe(1);
  });
});
