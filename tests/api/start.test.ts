import { execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProcess } from './support/processes';

/**
 * The processes a newcomer and an operator start: `server/main.ts` on an empty DATA_DIR, again on
 * the same one, a second process on a folder in use, a bad configuration; and the server bundle
 * `npm start` runs (dist-server/main.mjs).
 */
const children: ChildProcess[] = [];
afterAll(() => children.forEach((c) => c.kill('SIGKILL')));

/** The administrator given by SEED_ADMIN_EMAIL / SEED_ADMIN_PASSWORD, and its sign-in. */
const OPS = { SEED_ADMIN_EMAIL: 'ops@example.test', SEED_ADMIN_PASSWORD: 'Given-Password-12' };
const signInAsOps = (url: string) =>
  fetch(`${url}/api/login_check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: OPS.SEED_ADMIN_EMAIL, password: OPS.SEED_ADMIN_PASSWORD }),
  });

/** Starts a TypeScript entry through tsx, or a built `.mjs` as `npm start` does. */
const start = (script: string, env: Record<string, string>) => {
  const started = startProcess(script, { LOG_LEVEL: 'warn', ...env });
  children.push(started.child);
  return started;
};

/**
 * A start from an empty folder compiles the server through tsx, migrates and seeds the demo: 9 s on a
 * 2-core machine at load 8, past 30 s beside the other API tests at load 12. A process a failed test
 * leaves running is stopped, so that the next test's start on the same folder is not refused for it.
 */
const STARTS = { timeout: 90_000 };
const stopping = async (p: ReturnType<typeof start>, test: () => Promise<void>) => {
  try {
    await test();
  } finally {
    if (p.child.exitCode === null) p.child.kill('SIGKILL');
  }
};

describe('npm start (server/main.ts)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-start-'));

  it(
    'starts on an empty DATA_DIR, prints the address and a generated admin password that signs in',
    STARTS,
    async () => {
      const p = start('server/main.ts', { DATA_DIR: dataDir });
      await stopping(p, async () => {
        const [, url] = await p.waitFor(/Console ready at (http:\/\/localhost:\d+)/);
        const [, username, password] = await p.waitFor(/Sign in as '([^']+)' with the password (\S+)/);
        expect((await fetch(`${url}/healthz`)).status).toBe(200);
        expect(await (await fetch(`${url}/healthz`)).json()).toEqual({ status: 'ok' });
        const login = await fetch(`${url}/api/login_check`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username, password }),
        });
        expect(login.status).toBe(200);

        // A second process on the same folder stops with a message, not a corrupted database.
        const second = start('server/main.ts', { DATA_DIR: dataDir });
        expect(await second.exited).not.toBe(0);
        expect(second.output()).toMatch(/DATA_DIR .* is in use by process \d+/);

        expect(await p.stop()).toBe(0);
      });
    },
  );

  it('keeps the data and never prints a password again on the next start', STARTS, async () => {
    const p = start('server/main.ts', { DATA_DIR: dataDir });
    await stopping(p, async () => {
      await p.waitFor(/Console ready at/);
      await p.waitFor(/Sign in with your account/);
      expect(p.output()).not.toMatch(/with the password/);
      await p.stop();
    });
  });

  it('takes the administrator from SEED_ADMIN_EMAIL / SEED_ADMIN_PASSWORD', STARTS, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-seed-'));
    const p = start('server/main.ts', {
      DATA_DIR: dir,
      ...OPS,
    });
    await stopping(p, async () => {
      const [, url] = await p.waitFor(/Console ready at (http:\/\/localhost:\d+)/);
      const login = await signInAsOps(url);
      expect(login.status).toBe(200);
      // The demo's Production environment analyses out of the box: a use case, replies included.
      const { token } = (await login.json()) as { token: string };
      const get = async (path: string) =>
        (
          await fetch(`${url}/v4/console/api/${path}`, { headers: { authorization: `Bearer ${token}` } })
        ).json();
      const [org] = await get('organisations');
      const [project] = await get(
        `projects?filter=${encodeURIComponent(JSON.stringify({ organisationId: org.id }))}`,
      );
      const envs = (await get(`projects/${project.id}/environments`)) as { id: string; name: string }[];
      const production = envs.find((e) => e.name === 'Production')!;
      const names = async (kind: string) =>
        ((await get(`environments/${production.id}/${kind}`)) as { name: string }[]).map((r) => r.name);
      expect(await names('reply-templates')).toEqual(['reply', 'signature']);
      expect(await names('categories')).toContain('Claim declaration');
      const recette = envs.find((e) => e.name === 'Recette')!;
      expect(await get(`environments/${recette.id}/categories`)).toEqual([]);
      await p.stop();
    });
  });

  it('stops at once on a bad configuration, naming the variable', async () => {
    const p = start('server/main.ts', { PORT: 'eighty', DATABASE_URL: 'mysql://nope' });
    expect(await p.exited).toBe(78);
    expect(p.output()).toContain('PORT');
    expect(p.output()).toContain('DATABASE_URL');
  });
});

/** The console API of a started process, signed in as OPS, and the demo environment. */
const consoleOf = async (url: string) => {
  const { token } = (await (await signInAsOps(url)).json()) as { token: string };
  const call = async (method: string, path: string, body?: unknown) =>
    (
      await fetch(`${url}/v4/console/api/${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      })
    ).json();
  const [org] = await call('GET', 'organisations');
  const [project] = await call(
    'GET',
    `projects?filter=${encodeURIComponent(JSON.stringify({ organisationId: org.id }))}`,
  );
  const [env] = (await call('GET', `projects/${project.id}/environments`)) as { id: string }[];
  return { call, env };
};

const MAIL = {
  type: 'mail',
  from: 'client@example.com',
  to: 'support@example.org',
  subject: 'Résiliation',
  body: 'Je souhaite résilier mon contrat.',
};
type Result = { analysis: { status: string }; result: { extraction: { message: { subject: string } } } };

describe('npm start (the server bundle, dist-server/main.mjs)', () => {
  // Built once from the sources for both tests (esbuild; about a second, more on a busy machine).
  beforeAll(() => {
    execFileSync(process.execPath, ['scripts/build-server.mjs']);
  }, 120_000);

  it('is built from the sources, migrates an empty DATA_DIR and analyses a mail with the parsers it loads on first use', async () => {
    const p = start('dist-server/main.mjs', {
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'console-bundle-')),
      ...OPS,
    });
    const [, url] = await p.waitFor(/Console ready at (http:\/\/localhost:\d+)/);
    const { call, env } = await consoleOf(url);
    const created = await call('POST', `environments/${env.id}/analyses`, MAIL);
    expect(created).toMatchObject({ status: 'waiting', inputType: 'mail' });
    let result: Result;
    for (;;) {
      result = await call('GET', `environments/${env.id}/analyses/${created.id}/result`);
      if (!['waiting', 'pending'].includes(result.analysis.status)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(result.analysis.status).toBe('processed');
    expect(result.result.extraction.message.subject).toBe('Résiliation');
    await p.stop();
  });

  it(
    'serves the API alone (npm run serve) and the workers alone (npm run worker), sharing the queue',
    // Three processes start in turn, the worker's pipeline thread too.
    { timeout: 90_000 },
    async () => {
      // The embedded database serves one process at a time: the roles take turns on the folder.
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-roles-'));
      const api = start('dist-server/serve.mjs', { DATA_DIR: dataDir, ...OPS });
      const [, url] = await api.waitFor(/Console ready at (http:\/\/localhost:\d+)/);
      const first = await consoleOf(url);
      const created = await first.call('POST', `environments/${first.env.id}/analyses`, MAIL);
      await new Promise((r) => setTimeout(r, 1500));
      const queued: Result = await first.call(
        'GET',
        `environments/${first.env.id}/analyses/${created.id}/result`,
      );
      expect(queued.analysis.status).toBe('waiting');
      expect(await api.stop()).toBe(0);

      const worker = start('dist-server/worker.mjs', { DATA_DIR: dataDir, LOG_LEVEL: 'info' });
      await worker.waitFor(/analysis finished/);
      expect(await worker.stop()).toBe(0);

      const again = start('dist-server/serve.mjs', { DATA_DIR: dataDir, ...OPS });
      const [, url2] = await again.waitFor(/Console ready at (http:\/\/localhost:\d+)/);
      const second = await consoleOf(url2);
      const done: Result = await second.call(
        'GET',
        `environments/${second.env.id}/analyses/${created.id}/result`,
      );
      expect([done.analysis.status, done.result.extraction.message.subject]).toEqual([
        'processed',
        'Résiliation',
      ]);
      await again.stop();
    },
  );
});
