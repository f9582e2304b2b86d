import { execFileSync, spawn } from 'node:child_process';

/** Builds the server bundle `npm start` runs, when its sources changed: once per benchmark run. */
let built = false;
const ensureServerBuilt = () => {
  if (!built) execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
  built = true;
};

/**
 * Starts the platform as `npm start` does (the server bundle) and resolves once /healthz answers
 * 200, with the time it took from the spawn.
 */
export const startServer = async (env: Record<string, string>) => {
  ensureServerBuilt();
  const started = performance.now();
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist-server/main.mjs'], {
    env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${env.PORT}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${url}/healthz`)).status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const ms = performance.now() - started;
  return {
    url,
    ms,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        child.on('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
};

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
