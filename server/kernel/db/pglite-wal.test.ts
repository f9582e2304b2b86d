import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from './db';
import { openPglite } from './pglite';

/**
 * docs/security.md, "Disk full": the embedded database's WAL (pg_wal) stays bounded while the
 * process runs. Single-user PostgreSQL never asked for a checkpoint, so every byte written stayed
 * in pg_wal until the process stopped; the process now makes one past its WAL bound (here 32 MB,
 * CHECKPOINT_WAL_BYTES in production), and the segments before it are used again.
 */
describe('the embedded database under a stream of writes', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-wal-'));
  let db: Db | undefined;
  afterAll(async () => {
    await db?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const walMb = () =>
    fs.readdirSync(path.join(dir, 'pg', 'pg_wal')).filter((f) => /^[0-9A-F]{24}$/.test(f)).length * 16;

  it(
    'keeps its WAL folder bounded: about 150 MB written, pg_wal far less',
    { timeout: 120_000 },
    async () => {
      db = await openPglite(dir, undefined, { checkpointWalBytes: 32 * 1024 * 1024 });
      await db.query('CREATE TABLE wal_probe (body text)');
      for (let i = 0; i < 150; i++) {
        // 1 MB of incompressible text, as a client's pasted text; emptied as retention does.
        await db.query('INSERT INTO wal_probe VALUES ($1)', [randomBytes(768 * 1024).toString('base64')]);
        if (i % 10 === 9) {
          await db.query('DELETE FROM wal_probe');
          // The watcher's round (every second) sees the WAL written meanwhile.
          await new Promise((r) => setTimeout(r, 1100));
        }
      }
      expect(walMb()).toBeLessThanOrEqual(112);
      const [{ redo }] = await db.query<{ redo: string }>(
        'SELECT redo_lsn::text AS redo FROM pg_control_checkpoint()',
      );
      expect(redo).not.toBe('0/0');
    },
  );
});
