import fs from 'node:fs';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { databaseServerCpuSeconds, processStat } from './process';

const serverUrl = process.env.TEST_DATABASE_URL;
/** CPU seconds of a process (user + system); null once it is gone. */
const cpuOf = (pid: number) => {
  const stat = processStat(pid);
  return stat && stat.user + stat.system;
};

// The PostgreSQL server's CPU is part of what bench http reports per email: a connection that
// closes during a measure (an autovacuum worker, a pool's idle client) must not take its time away.
describe.runIf(serverUrl && fs.existsSync('/proc/self/stat'))(
  "the database server's CPU in the benchmarks",
  () => {
    it('counts the time of a backend that ended during the measure', async () => {
      const before = databaseServerCpuSeconds()!;
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      const [{ pid }] = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows;
      await client.query('SELECT count(*) FROM generate_series(1, 5000000)');
      const worked = cpuOf(pid)!;
      expect(worked).toBeGreaterThan(0.1);
      await client.end();
      for (let i = 0; i < 100 && cpuOf(pid) !== null; i++) await new Promise((r) => setTimeout(r, 50));
      expect(cpuOf(pid)).toBeNull();
      // Other processes of the server only add to it.
      expect(databaseServerCpuSeconds()! - before).toBeGreaterThanOrEqual(worked - 0.02);
    });
  },
);
