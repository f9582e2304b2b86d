import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';

/** Builds the server bundle `npm start` runs, when its sources changed: once per benchmark run. */
let built = false;
const ensureServerBuilt = () => {
  if (!built) execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
  built = true;
};

/** A process of the product the benchmarks started. */
export interface StartedProcess {
  url: string;
  /** Time from the spawn to ready. */
  ms: number;
  output(): string;
  /** CPU seconds it has used so far, every thread counted (Linux /proc; 0 elsewhere). */
  cpuSeconds(): number;
  /** Its peak resident memory so far (VmHWM), in MB. */
  peakMb(): number;
  stop(): Promise<void>;
}

/**
 * Starts the platform as `npm start` does (the server bundle; `serve` or `worker` for one role) and
 * resolves once it is ready: /healthz answers 200, or for a worker, it said so in its log (which
 * needs LOG_LEVEL info or lower).
 */
export const startServer = async (
  env: Record<string, string>,
  entry: 'main' | 'serve' | 'worker' = 'main',
): Promise<StartedProcess> => {
  ensureServerBuilt();
  const started = performance.now();
  // BENCH_PROFILE_DIR: each thread of the product writes a CPU profile there when it ends.
  const profile = process.env.BENCH_PROFILE_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
    : [];
  const child = spawn(process.execPath, [...profile, '--enable-source-maps', `dist-server/${entry}.mjs`], {
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  // The last 64 KB are enough to say why it stopped; an info log of thousands of analyses is not kept.
  const keep = (d: Buffer) => (output = (output + d.toString()).slice(-65_536));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const url = `http://127.0.0.1:${env.PORT}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}:\n${output}`);
    if (entry === 'worker') {
      if (output.includes('worker ready')) break;
    } else {
      try {
        if ((await fetch(`${url}/healthz`)).status === 200) break;
      } catch {
        // not listening yet
      }
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const ms = performance.now() - started;
  const proc = (file: string) => {
    try {
      return fs.readFileSync(`/proc/${child.pid}/${file}`, 'utf8');
    } catch {
      return null;
    }
  };
  return {
    url,
    ms,
    output: () => output,
    cpuSeconds: () => {
      const stat = processStat(child.pid!);
      return stat ? stat.user + stat.system : 0;
    },
    peakMb: () => Number(/VmHWM:\s+(\d+)/.exec(proc('status') ?? '')?.[1] ?? 0) / 1024,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.on('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
};

/**
 * The product's API as a client calls it: JSON both ways, the bearer token when given; a failed
 * call throws with its status and the start of its answer.
 */
export type ApiCall = <T>(token: string | null, method: string, route: string, body?: unknown) => Promise<T>;

/** An API client of the product at `url`, signed in as `user` (a seeded administrator). */
export const signInApi = async (url: string, user: { email: string; password: string }) => {
  const call: ApiCall = async <T>(token: string | null, method: string, route: string, body?: unknown) => {
    const res = await fetch(`${url}${route}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${(await res.text()).slice(0, 600)}`);
    return (await res.json()) as T;
  };
  const { token } = await call<{ token: string }>(null, 'POST', '/api/login_check', {
    username: user.email,
    password: user.password,
  });
  return { call, token };
};

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * CPU seconds used so far by this machine's PostgreSQL server processes (backends, writers,
 * walwriter …, read from /proc), so that a benchmark on PostgreSQL counts the database's work as
 * it counts PGlite's, which runs in the process. Processes that ended count too: the postmaster
 * waits for its children, so their time is in its own children's time (cutime, cstime). Without it
 * an autovacuum worker that ran during a measure took its time away with it, and the server's CPU
 * came out negative.
 * Null where /proc is not readable or shows no PostgreSQL (a server on another machine).
 */
export const databaseServerCpuSeconds = (): number | null => {
  let seconds = 0;
  let found = false;
  try {
    for (const pid of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      const stat = processStat(Number(pid)); // null: ended meanwhile
      if (stat?.name !== 'postgres') continue;
      found = true;
      seconds += stat.user + stat.system + stat.children;
    }
  } catch {
    return null;
  }
  return found ? seconds : null;
};

/**
 * A process's name and CPU seconds from /proc/<pid>/stat: its own user and system time, and its
 * ended children's (both); null once it is gone or where /proc is not readable.
 */
export const processStat = (pid: number) => {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The name is between the first '(' and the last ')'; it may hold spaces and parentheses.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const seconds = (i: number) => Number(fields[i]) / CLOCK_TICKS_PER_SECOND;
  return {
    name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
    user: seconds(11),
    system: seconds(12),
    children: seconds(13) + seconds(14),
  };
};
/** Linux's USER_HZ, the unit of /proc/<pid>/stat's times. */
const CLOCK_TICKS_PER_SECOND = 100;
