import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JsonArrayParam, prepared, type Db } from '../../server/kernel/db';
import { freshDatabase } from './support/platform';

/**
 * Prepared statements (server/kernel/db/db.ts `Prepared`): parsed once per connection, then only executed,
 * on PGlite (its protocol driven by pglite.ts) and on PostgreSQL (pg's named statements). They must
 * answer what the same SQL as text answers, in and out of transactions, and fail as it fails.
 */
let db: Db;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ db, drop } = await freshDatabase(false));
  await db.query('CREATE TABLE prepared_test (id uuid PRIMARY KEY, label text NOT NULL)');
});
afterAll(async () => {
  await db.close();
  await drop();
});

const ECHO = prepared(
  'test_echo',
  `SELECT $1::int AS n, $2::text AS s, $3::uuid[] AS ids, $4::jsonb AS j, $5::json AS raw, $6::text AS nothing,
          $7::bytea AS bytes`,
);
const INSERT = prepared(
  'test_insert',
  'INSERT INTO prepared_test (id, label) VALUES ($1, $2) RETURNING id, label',
);
const COUNT = prepared('test_count', 'SELECT count(*)::int AS n FROM prepared_test WHERE label = $1');

describe('a prepared statement', () => {
  it('answers what the same SQL as text answers, every parameter type the platform binds', async () => {
    const params = () => [
      42,
      'reçu « 😀 »',
      [randomUUID(), randomUUID()],
      new JsonArrayParam('jsonb', [Buffer.from('{"a":1}'), Buffer.from('"é"')]),
      new JsonArrayParam('json', [Buffer.from('{"b" : [1, 2]}')]),
      null,
      Buffer.from([0, 1, 254, 255]),
    ];
    const p = params();
    const [asText] = await db.query(ECHO.text, p);
    // Several times: PostgreSQL plans a statement's first executions for their values, then once.
    for (let i = 0; i < 7; i++) expect((await db.query(ECHO, p))[0]).toEqual(asText);
    expect(asText).toMatchObject({ n: 42, s: 'reçu « 😀 »', ids: p[2], j: [{ a: 1 }, 'é'], nothing: null });
    expect(Buffer.from(asText.bytes as Uint8Array)).toEqual(Buffer.from([0, 1, 254, 255]));
  });

  it('writes inside a transaction as one of its statements: committed with it, or rolled back', async () => {
    const kept = randomUUID();
    await db.transaction(async (tx) => {
      await tx.query(INSERT, [kept, 'tx']);
      // The transaction sees its own row.
      expect(await tx.query(COUNT, ['tx'])).toEqual([{ n: 1 }]);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query(INSERT, [randomUUID(), 'tx']);
        throw new Error('the caller gives up');
      }),
    ).rejects.toThrow('the caller gives up');
    expect(await db.query(COUNT, ['tx'])).toEqual([{ n: 1 }]);
  });

  it('fails with the database error, and the statement and connection work on', async () => {
    const id = randomUUID();
    await db.query(INSERT, [id, 'once']);
    await expect(db.query(INSERT, [id, 'twice'])).rejects.toMatchObject({ code: '23505' });
    await expect(db.query(INSERT, [randomUUID(), null])).rejects.toMatchObject({ code: '23502' });
    // Its first parse can fail too (an unknown table): nothing is kept of it, the next one runs.
    const wrong = prepared('test_wrong', 'SELECT * FROM no_such_table WHERE id = $1');
    await expect(db.query(wrong, [id])).rejects.toMatchObject({ code: '42P01' });
    await expect(db.query(wrong, [id])).rejects.toMatchObject({ code: '42P01' });
    expect(await db.query(INSERT, [randomUUID(), 'once'])).toHaveLength(1);
    expect(await db.query(COUNT, ['once'])).toEqual([{ n: 2 }]);
  });

  it('has one text per name', () => {
    expect(prepared('test_count', COUNT.text)).toMatchObject({ name: 'test_count' });
    expect(() => prepared('test_count', 'SELECT 1')).toThrow('Two statements are prepared as test_count');
  });
});
