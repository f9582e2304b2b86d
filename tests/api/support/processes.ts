import { spawn, type ChildProcess } from 'node:child_process';

export interface StartedProcess {
  name: string;
  child: ChildProcess;
  /** Everything it wrote, stdout and stderr together. */
  output(): string;
  /** Waits until its output matches, failing with that output if it exits or the time runs out. */
  waitFor(pattern: RegExp, ms?: number): Promise<RegExpExecArray>;
  /** Its exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  /** SIGTERM, then its exit code. */
  stop(): Promise<number | null>;
}

/** A TypeScript entry runs through tsx, as `npm run serve` does in development; a built `.mjs` as `npm start` runs it. */
const nodeArgs = (script: string) =>
  script.endsWith('.mjs') ? ['--enable-source-maps', script] : ['--import', 'tsx', script];

/**
 * A server entry (`server/serve.ts`, `dist-server/main.mjs`…) as its own OS process, its output
 * collected: the tests of starts, restarts and full disks drive the real processes. Its environment
 * is this process's with a free port, no console and info logs, then `env` (a value undefined
 * removes a variable).
 *
 * @example
 * const api = startProcess('server/serve.ts', { DATABASE_URL: url });
 * const [, address] = await api.waitFor(/Console ready at (http:\/\/localhost:\d+)/);
 */
export const startProcess = (
  script: string,
  env: Record<string, string | undefined> = {},
  { name = script, stdin = 'ignore' }: { name?: string; stdin?: 'ignore' | 'pipe' } = {},
): StartedProcess => {
  const child = spawn(process.execPath, nodeArgs(script), {
    env: { ...process.env, PORT: '0', CONSOLE_DIR: '/nonexistent', LOG_LEVEL: 'info', ...env },
    stdio: [stdin, 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const waitFor = async (pattern: RegExp, ms = 60_000) => {
    const deadline = Date.now() + ms;
    while (!pattern.test(output)) {
      const tail = output.slice(-4000);
      if (Date.now() > deadline) throw new Error(`${name}: timed out waiting for ${pattern}:\n${tail}`);
      if (child.exitCode !== null)
        throw new Error(`${name} exited ${child.exitCode} before ${pattern}:\n${tail}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    return pattern.exec(output)!;
  };
  const stop = () => {
    child.kill('SIGTERM');
    return exited;
  };
  return { name, child, output: () => output, waitFor, exited, stop };
};
