import readline from 'node:readline';
import { openPglite } from '../../../server/kernel/db/pglite';

/**
 * A process on the embedded database in DATA_DIR, for tests/api/disk-full.test.ts: it writes a row
 * ("kept"), says "ready", and at the line "go" on its stdin (the test has filled the disk meanwhile)
 * makes PostgreSQL start a new WAL segment, then writes: the segment cannot be made, a PANIC. The
 * read-only reserve is off (0), as if the disk had filled faster than the process could notice.
 */
const db = await openPglite(process.env.DATA_DIR!, undefined, { storageReserveBytes: 0 });
await db.query('CREATE TABLE IF NOT EXISTS panic_probe (note text)');
await db.query(`INSERT INTO panic_probe VALUES ('kept')`);
process.stdout.write('ready\n');
for await (const line of readline.createInterface({ input: process.stdin })) {
  if (line !== 'go') continue;
  await db.query('SELECT pg_switch_wal()');
  await db.query(`INSERT INTO panic_probe VALUES ('lost')`).catch((err: Error) => {
    process.stdout.write(`write failed: ${err.message}\n`);
  });
  await db.query(`INSERT INTO panic_probe VALUES ('after')`);
  process.stdout.write('still running\n');
}
