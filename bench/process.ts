import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';

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

/**
 * CPU seconds used so far by this machine's PostgreSQL server processes (backends, writers,
 * walwriter …, read from /proc), so that a benchmark on PostgreSQL counts the database's work as
 * it counts PGlite's, which runs in the process. Processes that ended in between are not counted
 * (the benchmark's connections stay open while it measures).
 * Null where /proc is not readable or shows no PostgreSQL (a server on another machine).
 */
export const databaseServerCpuSeconds = (): number | null => {
  let ticks = 0;
  let found = false;
  try {
    for (const pid of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      let stat: string;
      try {
        stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      } catch {
        continue; // ended meanwhile
      }
      if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) !== 'postgres') continue;
      found = true;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    }
  } catch {
    return null;
  }
  return found ? ticks / CLOCK_TICKS_PER_SECOND : null;
};
/** Linux's USER_HZ, the unit of /proc/<pid>/stat's times. */
const CLOCK_TICKS_PER_SECOND = 100;
