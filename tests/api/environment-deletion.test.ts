import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/kernel/config';
import type { Db } from '../../server/kernel/db';
import { createLogger } from '../../server/kernel/logger';
import { startPlatform } from '../../server/platform';
import { startTestPlatform } from './support/platform';
import { API, buildTenants } from './support/tenants';

const until = async (check: () => Promise<boolean>, ms = 15_000) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
};

const rowsOf = async (db: Db, envId: string) => ({
  environments: (await db.query('SELECT 1 FROM environments WHERE id = $1', [envId])).length,
  documents: (await db.query('SELECT 1 FROM resource_documents WHERE scope_id = $1', [envId])).length,
});

const addDocument = (db: Db, envId: string) =>
  db.query(
    `INSERT INTO resource_documents (scope, scope_id, resource, id, data)
     VALUES ('environment', $1, 'archetype', gen_random_uuid(), '{"name":"x"}')`,
    [envId],
  );

/** Spec platform-shell §4: the request is recorded, the environment disappears a few seconds later. */
describe('environment deletion', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('is recorded at once, hides the environment from every read, and the queue deletes it', async () => {
    const t = await startTestPlatform();
    cleanups.push(() => t.close());
    const acme = await buildTenants(t);
    await addDocument(t.platform.db, acme.ids.env);
    const envUrl = `${API}/projects/${acme.ids.project}/environments/${acme.ids.env}`;

    expect((await acme.call('DELETE', envUrl, 'admin')).statusCode).toBe(204);
    expect((await acme.call('GET', envUrl, 'admin')).statusCode).toBe(404);
    expect((await acme.call('GET', `${API}/environment/${acme.ids.env}`, 'admin')).statusCode).toBe(404);
    const list = await acme.call('GET', `${API}/projects/${acme.ids.project}/environments`, 'admin');
    expect(list.json().map((e: { id: string }) => e.id)).not.toContain(acme.ids.env);
    // Nothing can be done in it any more.
    expect((await acme.call('DELETE', envUrl, 'admin')).statusCode).toBe(404);

    await until(async () => (await rowsOf(t.platform.db, acme.ids.env)).environments === 0);
    expect(await rowsOf(t.platform.db, acme.ids.env)).toEqual({ environments: 0, documents: 0 });
    const [audit] = await t.platform.db.query<{ action: string }>(
      `SELECT action FROM audit_logs WHERE resource = 'environments' AND record_id = $1`,
      [acme.ids.env],
    );
    expect(audit.action).toBe('delete');
  });

  it('survives a restart: requested just before the process stops, done after the next start', async () => {
    // An API process without workers records the request; it stops before anyone deletes.
    const api = await startTestPlatform({}, { worker: false, onDisk: true });
    // Closing after the stop below only drops the database.
    cleanups.push(() => api.close());
    const acme = await buildTenants(api);
    await addDocument(api.platform.db, acme.ids.env);
    const envUrl = `${API}/projects/${acme.ids.project}/environments/${acme.ids.env}`;
    expect((await acme.call('DELETE', envUrl, 'admin')).statusCode).toBe(204);
    await new Promise((r) => setTimeout(r, 1000));
    expect(await rowsOf(api.platform.db, acme.ids.env)).toEqual({ environments: 1, documents: 1 });
    const { databaseEnv } = api;
    await api.stop();

    // The next start, with workers, completes it.
    const config = loadConfig({ LOG_LEVEL: 'silent', ...databaseEnv });
    const next = await startPlatform(config, createLogger(config), { worker: true });
    try {
      await until(async () => (await rowsOf(next.db, acme.ids.env)).environments === 0);
      expect(await rowsOf(next.db, acme.ids.env)).toEqual({ environments: 0, documents: 0 });
    } finally {
      await next.stop();
    }
  });
});
