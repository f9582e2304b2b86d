import { execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { newAccessKey } from '../../server/kernel/access/access-keys';
import { openDatabase } from '../../server/kernel/db';
import { openPglite } from '../../server/kernel/db/pglite';
import { PANIC_EXIT_CODE } from '../../server/kernel/db/pglite-storage';
import { startProcess } from './support/processes';

/**
 * docs/security.md, "Disk full": the embedded database's disk fills up (a neighbour's file on the
 * same file system) while texts are posted through the public API. The process must keep answering:
 * /healthz 503 STORAGE_FULL, writes 507 STORAGE_FULL, reads 200, and once space is back, healthz 200
 * and new analyses processed, with no restart. And when PostgreSQL PANICs all the same (a WAL
 * segment that cannot be made), the process exits with a clear message instead of spinning, and a
 * start on the freed disk finds every committed row.
 *
 * A small tmpfs is mounted as the data folder (root only; CI runs as root). Without it, the test
 * fails in CI and is skipped elsewhere, saying why.
 */
const SIZE_MB = 256;
/** Generous liveness bound for any one answer: the probe that found the defect saw none, ever. */
const ANSWER_MS = 15_000;

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'disk-full-'));
let mounted = false;
let mountError = '';

const children: ChildProcess[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(() => {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${SIZE_MB}m`, 'tmpfs', root], { stdio: 'pipe' });
    mounted = true;
  } catch (err) {
    mountError = `cannot mount a tmpfs on ${root} (root is needed): ${(err as Error).message}`;
    if (process.env.CI) throw new Error(`disk-full test: ${mountError}`);
    console.warn(`disk-full test skipped: ${mountError}`);
  }
});

/** Each test's processes end with it, and its neighbour's file goes, whatever the test's outcome. */
const stopChildren = async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
    }
  }
};
afterEach(async () => {
  await stopChildren();
  fs.rmSync(neighbour, { force: true });
});

afterAll(async () => {
  await stopChildren();
  if (mounted) execFileSync('umount', ['-l', root]);
  fs.rmSync(root, { recursive: true, force: true });
});

/** A process of the embedded database, whatever the run's own (DATABASE_URL would mean PostgreSQL). */
const start = (script: string, env: Record<string, string>) => {
  const started = startProcess(script, { DATABASE_URL: undefined, ...env }, { stdin: 'pipe' });
  children.push(started.child);
  return started;
};

/** The neighbour's file, in the mounted file system but outside any data folder. */
const neighbour = path.join(root, 'neighbour.bin');

/** Fills the file system to its last byte with the neighbour's file; answers how to free it. */
const fill = () => {
  const fd = fs.openSync(neighbour, 'w');
  try {
    for (const size of [1 << 20, 4096]) {
      const chunk = Buffer.alloc(size, 1);
      try {
        for (;;) fs.writeSync(fd, chunk);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
      }
    }
  } finally {
    fs.closeSync(fd);
  }
  return () => fs.rmSync(neighbour);
};

/** The probe's 1 MB texts: random, so that compression does not shrink them. */
const bigText = () => randomBytes(768 * 1024).toString('base64');

describe('a full disk under the embedded database', () => {
  it(
    'is said by /healthz, refuses writes with 507, keeps reads, and recovers when space returns',
    { timeout: 240_000 },
    async (ctx) => {
      if (!mounted) return ctx.skip();
      const dataDir = path.join(root, 'data');
      // An environment and its access key, written before the process takes the folder.
      const key = newAccessKey();
      const db = await openDatabase({ databaseUrl: undefined, dataDir });
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
      await db.query(
        `INSERT INTO access_keys (id, environment_id, name, prefix, secret_hash) VALUES ($1, $2, 'probe', $3, $4)`,
        [randomUUID(), environment, key.prefix, key.hash],
      );
      await db.close();

      const server = start('server/main.ts', { DATA_DIR: dataDir });
      const [, url] = await server.waitFor(/Console ready at (http:\/\/localhost:\d+)/, 120_000);
      /** Every request answers within ANSWER_MS: a hung process fails here, not at the test's timeout. */
      const call = async (route: string, init: RequestInit = {}) => {
        const res = await fetch(`${url}${route}`, { ...init, signal: AbortSignal.timeout(ANSWER_MS) });
        return { status: res.status, body: (await res.json()) as Record<string, unknown> };
      };
      const auth = { authorization: `Bearer ${key.secret}` };
      const post = (text: string) =>
        call('/v4/api/analyses', {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ text }),
        });
      const processed = async (id: string) => {
        const deadline = Date.now() + 60_000;
        for (;;) {
          const { body } = await call(`/v4/api/analyses/${id}?wait=5`, { headers: auth });
          if (body.status === 'processed' || Date.now() > deadline) return body.status;
        }
      };
      expect((await call('/healthz')).status).toBe(200);
      const before = await post('Bonjour, mon dégât des eaux du 3 mars.');
      expect(before.status).toBe(201);
      expect(await processed(before.body.id as string)).toBe('processed');

      // A neighbour fills the file system.
      const free = fill();
      const filledAt = Date.now();
      const health = async (code: number) => {
        const deadline = Date.now() + 30_000;
        for (;;) {
          const res = await call('/healthz');
          if (res.status === code || Date.now() > deadline) return res;
          await sleep(100);
        }
      };
      const full = await health(503);
      const detectMs = Date.now() - filledAt;
      expect(full).toMatchObject({ status: 503, body: { status: 'unavailable', code: 'STORAGE_FULL' } });

      // The probe's texts: each refused with a code, at once; the process answers throughout.
      for (let i = 0; i < 6; i++) {
        const res = await post(bigText());
        expect(res, `text ${i}`).toMatchObject({ status: 507, body: { code: 'STORAGE_FULL' } });
        expect((await call('/healthz')).body).toMatchObject({ code: 'STORAGE_FULL' });
      }
      // Reads go on.
      const read = await call(`/v4/api/analyses/${before.body.id as string}`, { headers: auth });
      expect(read).toMatchObject({ status: 200, body: { id: before.body.id, status: 'processed' } });
      // Still full a while later (the workers' and the queue's writes meet the same refusal): still answering.
      await sleep(3000);
      expect((await call('/healthz')).body).toMatchObject({ code: 'STORAGE_FULL' });

      // Space returns: the same process writes again, with no restart.
      free();
      const freedAt = Date.now();
      expect(await health(200)).toMatchObject({ status: 200, body: { status: 'ok' } });
      const recoverMs = Date.now() - freedAt;
      const after = await post('Bonjour, la suite de mon dossier.');
      expect(after.status).toBe(201);
      expect(await processed(after.body.id as string)).toBe('processed');
      expect(server.child.exitCode).toBeNull();
      console.info(`disk full: detected in ${detectMs} ms, recovered in ${recoverMs} ms`);

      server.child.kill('SIGTERM');
      await new Promise((r) => server.child.once('exit', r));
    },
  );

  it(
    'makes the process exit with a clear message on a PANIC, and a start on the freed disk loses nothing',
    { timeout: 120_000 },
    async (ctx) => {
      if (!mounted) return ctx.skip();
      const dataDir = path.join(root, 'panic');
      const probe = start('tests/api/support/pglite-panic.ts', { DATA_DIR: dataDir });
      await probe.waitFor(/^ready$/m);
      const free = fill();
      const started = Date.now();
      probe.child.stdin!.write('go\n');
      const code = await Promise.race([
        new Promise<number | null>((r) => probe.child.once('exit', (c) => r(c))),
        sleep(30_000).then(() => 'still running after 30 s' as const),
      ]);
      expect(code, probe.output().slice(-4000)).toBe(PANIC_EXIT_CODE);
      expect(probe.output()).toMatch(
        /The embedded database stopped \(PANIC: could not write to file .*No space left on device\)\. The data folder \(DATA_DIR\) is full/,
      );
      console.info(`PANIC: exited in ${Date.now() - started} ms`);

      free();
      const db = await openPglite(dataDir);
      try {
        const rows = await db.query<{ note: string }>('SELECT note FROM panic_probe ORDER BY note');
        expect(rows.map((r) => r.note)).toContain('kept');
        expect(rows.map((r) => r.note)).not.toContain('after');
        await db.query(`INSERT INTO panic_probe VALUES ('restarted')`);
      } finally {
        await db.close();
      }
    },
  );
});
