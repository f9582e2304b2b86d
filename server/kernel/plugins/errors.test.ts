import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { errorsPlugin } from './errors';

/**
 * docs/security.md, "Disk full": a write that finds the database's disk full is answered 507
 * STORAGE_FULL with Retry-After, never 500, whichever database said so: PostgreSQL's own error
 * (SQLSTATE 53100 disk_full, as pg throws it), the embedded database's read-only refusal (which
 * db/pglite.ts gives the same code), or a file write that found no space (ENOSPC).
 */
describe('the error mapping of a full disk', () => {
  const app = Fastify({ logger: false });
  const postgresDiskFull = Object.assign(
    new pg.DatabaseError('could not extend file "base/16384/16390": No space left on device', 120, 'error'),
    { code: '53100', severity: 'ERROR' },
  );
  const thrown: Record<string, Error> = {
    postgres: postgresDiskFull,
    pglite: Object.assign(
      new Error('The embedded database is read-only: its data folder has no disk space left'),
      {
        code: '53100',
      },
    ),
    file: Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }),
    other: Object.assign(new Error('out of memory'), { code: '53200' }),
  };
  afterAll(() => app.close());

  it('answers 507 STORAGE_FULL, and 500 for another resource error', async () => {
    await app.register(errorsPlugin);
    app.post<{ Params: { kind: string } }>('/write/:kind', async (request) => {
      throw thrown[request.params.kind];
    });
    for (const kind of ['postgres', 'pglite', 'file']) {
      const res = await app.inject({ method: 'POST', url: `/write/${kind}` });
      expect(res.statusCode, kind).toBe(507);
      expect(res.headers['retry-after']).toBe('60');
      expect(res.json()).toEqual({
        code: 'STORAGE_FULL',
        message:
          'The database has no disk space left: writes are refused until space is freed. Reads still work.',
      });
    }
    const other = await app.inject({ method: 'POST', url: '/write/other' });
    expect(other.statusCode).toBe(500);
    expect(other.json()).toMatchObject({ code: 'INTERNAL_ERROR' });
  });
});
