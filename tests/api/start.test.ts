import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The processes a newcomer and an operator start: `server/main.ts` (npm start) on an empty
 * DATA_DIR, again on the same one, a second process on a folder in use, a bad configuration.
 */
const children: ChildProcess[] = [];
afterAll(() => children.forEach((c) => c.kill('SIGKILL')));

const start = (script: string, env: Record<string, string>) => {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, LOG_LEVEL: 'warn', PORT: '0', CONSOLE_DIR: '/nonexistent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const waitFor = async (pattern: RegExp, ms = 60_000) => {
    const deadline = Date.now() + ms;
    while (!pattern.test(output)) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${pattern}; output:\n${output}`);
      if (child.exitCode !== null)
        throw new Error(`exited ${child.exitCode} before ${pattern}; output:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    return pattern.exec(output)!;
  };
  const stop = async () => {
    child.kill('SIGTERM');
    return exited;
  };
  return { child, waitFor, stop, exited, output: () => output };
};

describe('npm start (server/main.ts)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-start-'));

  it('starts on an empty DATA_DIR, prints the address and a generated admin password that signs in', async () => {
    const p = start('server/main.ts', { DATA_DIR: dataDir });
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

  it('keeps the data and never prints a password again on the next start', async () => {
    const p = start('server/main.ts', { DATA_DIR: dataDir });
    await p.waitFor(/Console ready at/);
    await p.waitFor(/Sign in with your account/);
    expect(p.output()).not.toMatch(/with the password/);
    await p.stop();
  });

  it('takes the administrator from SEED_ADMIN_EMAIL / SEED_ADMIN_PASSWORD', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-seed-'));
    const p = start('server/main.ts', {
      DATA_DIR: dir,
      SEED_ADMIN_EMAIL: 'ops@example.test',
      SEED_ADMIN_PASSWORD: 'Given-Password-12',
    });
    const [, url] = await p.waitFor(/Console ready at (http:\/\/localhost:\d+)/);
    const login = await fetch(`${url}/api/login_check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'ops@example.test', password: 'Given-Password-12' }),
    });
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

  it('stops at once on a bad configuration, naming the variable', async () => {
    const p = start('server/main.ts', { PORT: 'eighty', DATABASE_URL: 'mysql://nope' });
    expect(await p.exited).toBe(78);
    expect(p.output()).toContain('PORT');
    expect(p.output()).toContain('DATABASE_URL');
  });
});
