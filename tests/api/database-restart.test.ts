import { execSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { newAccessKey } from '../../server/kernel/access/access-keys';
import { createScratchDatabase } from '../support/scratch-database';
import { startProcess, type StartedProcess } from './support/processes';

/**
 * docs/security.md, "The database going away": every process survives a database restart. `serve`
 * and two `worker` processes run on one PostgreSQL database; 500 analyses are submitted through the
 * public API and, in the middle, the database goes away: every connection to it is terminated
 * (57P01, what a restart does to each connection) and none is accepted for a few seconds. Then
 * every analysis must end processed exactly once, and the three processes must still be running and
 * answering.
 *
 * A real `pg_ctlcluster 15 main restart` would hit the other test files that run at the same time on
 * the same server, so the outage is scoped to this file's own database (ALLOW_CONNECTIONS false, then
 * pg_terminate_backend). To check a real restart by hand, alone on the server, name its command:
 * `DATABASE_RESTART_COMMAND='pg_ctlcluster 15 main restart' TEST_DATABASE_URL=… npx vitest run <this file>`.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const restartCommand = process.env.DATABASE_RESTART_COMMAND;
const ANALYSES = 500;
const OUTAGE_MS = 3000;

const children: StartedProcess[] = [];

/** `npm run serve` / `npm run worker`, as separate OS processes, their output collected. */
const start = (name: string, script: string, env: Record<string, string>): StartedProcess => {
  const started = startProcess(script, env, { name });
  children.push(started);
  return started;
};

/** Fails with the output of the first process that stopped: none may, whatever the database does. */
const expectAllRunning = () => {
  for (const c of children) {
    if (c.child.exitCode !== null || c.child.signalCode !== null) {
      throw new Error(
        `${c.name} exited (${c.child.exitCode ?? c.child.signalCode}):\n${c.output().slice(-4000)}`,
      );
    }
  }
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.runIf(serverUrl)('a PostgreSQL restart under load', () => {
  const cleanups: (() => Promise<unknown> | void)[] = [];
  afterAll(async () => {
    for (const c of children) c.child.kill('SIGKILL');
    for (const c of cleanups.reverse()) await c();
  });

  it('loses, doubles and stops nothing', { timeout: 150_000 }, async () => {
    const scratch = await createScratchDatabase(serverUrl!, 'test');
    cleanups.push(() => scratch.drop());
    const name = new URL(scratch.url).pathname.slice(1);
    // The operator's connection, on the server's own database: it outlives the outage of ours.
    const admin = new pg.Client({ connectionString: serverUrl });
    admin.on('error', () => undefined);
    await admin.connect();
    cleanups.push(async () => {
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`).catch(() => undefined);
      await admin.end().catch(() => undefined);
    });

    const env = { DATABASE_URL: scratch.url, ANALYSIS_STALL: '30' };
    const serve = start('serve', 'server/serve.ts', env);
    const [, url] = await serve.waitFor(/Console ready at (http:\/\/localhost:\d+)/);
    const workers = [start('worker 1', 'server/worker.ts', env), start('worker 2', 'server/worker.ts', env)];
    await Promise.all(workers.map((w) => w.waitFor(/worker ready/)));

    // An environment and its access key, as an administrator would make them.
    const db = new pg.Client({ connectionString: scratch.url });
    await db.connect();
    const [org, project, environment] = [randomUUID(), randomUUID(), randomUUID()];
    await db.query('INSERT INTO organisations (id, name) VALUES ($1, $2)', [org, 'Acme']);
    await db.query('INSERT INTO projects (id, organisation_id, name) VALUES ($1, $2, $3)', [
      project,
      org,
      'Claims',
    ]);
    await db.query('INSERT INTO environments (id, project_id, name) VALUES ($1, $2, $3)', [
      environment,
      project,
      'Production',
    ]);
    const key = newAccessKey();
    await db.query(
      `INSERT INTO access_keys (id, environment_id, name, prefix, secret_hash) VALUES ($1, $2, 'load', $3, $4)`,
      [randomUUID(), environment, key.prefix, key.hash],
    );
    await db.end();

    // The client retries what the API refused while the database was away, with the same
    // Idempotency-Key: an analysis created just before the connection broke is given back, not doubled.
    const refusals: number[] = [];
    let accepted = 0;
    const submit = async (i: number) => {
      for (;;) {
        expectAllRunning();
        const res = await fetch(`${url}/v4/api/analyses`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${key.secret}`,
            'content-type': 'application/json',
            'idempotency-key': `restart-${i}`,
          },
          body: JSON.stringify({
            text: `Bonjour, sinistre numéro ${i} : mon dégât des eaux du ${i % 28} mars.`,
          }),
        }).catch(() => undefined);
        if (res && (res.status === 201 || res.status === 200)) {
          accepted++;
          return;
        }
        if (res && res.status !== 503) throw new Error(`analysis ${i}: ${res.status} ${await res.text()}`);
        if (res) {
          refusals.push(res.status);
          expect((await res.json()) as { code: string }).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
        }
        await sleep(200);
      }
    };
    let next = 0;
    let failed = false;
    const lane = async () => {
      try {
        while (next < ANALYSES && !failed) await submit(next++);
      } catch (err) {
        failed = true;
        throw err;
      }
    };
    const submitting = Promise.all(Array.from({ length: 8 }, lane));
    submitting.catch(() => undefined); // awaited below, after the outage

    /** The database goes away: every connection ended (57P01), none accepted for OUTAGE_MS. */
    const scopedOutage = async () => {
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
      const [{ terminated }] = (
        await admin.query<{ terminated: number }>(
          `SELECT count(*) FILTER (WHERE pg_terminate_backend(pid))::int AS terminated
           FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
          [name],
        )
      ).rows;
      expect(terminated).toBeGreaterThan(0);
      await sleep(OUTAGE_MS / 2);
      const down = await fetch(`${url}/healthz`);
      expect(down.status).toBe(503);
      expect(await down.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
      await sleep(OUTAGE_MS / 2);
      expectAllRunning();
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      // The API refused what came meanwhile, with a code, and the client tried again.
      expect(refusals.length).toBeGreaterThan(0);
    };

    // The outage, in the middle of the load: workers are claiming, running and writing batches.
    while (accepted < ANALYSES / 2 && !failed) {
      expectAllRunning();
      await sleep(20);
    }
    if (restartCommand) {
      execSync(restartCommand, { stdio: 'inherit' });
    } else {
      await scopedOutage();
    }
    await submitting;

    // Every analysis ends processed, each claimed (and so run) once.
    const check = new pg.Client({ connectionString: scratch.url });
    await check.connect();
    cleanups.push(() => check.end());
    const deadline = Date.now() + 60_000;
    let counts = { total: 0, processed: 0, once: 0 };
    for (;;) {
      expectAllRunning();
      counts = (
        await check.query<typeof counts>(
          `SELECT count(*)::int AS total, count(*) FILTER (WHERE status = 'processed')::int AS processed,
                  count(*) FILTER (WHERE attempts = 1)::int AS once
           FROM analyses`,
        )
      ).rows[0];
      if (counts.processed === ANALYSES || Date.now() > deadline) break;
      await sleep(250);
    }
    expect(counts).toEqual({ total: ANALYSES, processed: ANALYSES, once: ANALYSES });

    // No result was written twice: each analysis is in exactly one worker's "analysis finished" lines.
    const finished = new Map<string, number>();
    for (const w of workers) {
      for (const line of w.output().split('\n')) {
        if (!line.includes('analysis finished')) continue;
        const { analyses } = JSON.parse(line) as { analyses: { id: string }[] };
        for (const a of analyses) finished.set(a.id, (finished.get(a.id) ?? 0) + 1);
      }
    }
    expect([...finished.values()].filter((n) => n > 1)).toEqual([]);

    // The three processes still run; the API answers again.
    expectAllRunning();
    const healthz = await fetch(`${url}/healthz`);
    expect(healthz.status).toBe(200);
    const list = await fetch(`${url}/v4/api/environment`, {
      headers: { authorization: `Bearer ${key.secret}` },
    });
    expect(list.status).toBe(200);
  });
});
