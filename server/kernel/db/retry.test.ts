import { describe, expect, it } from 'vitest';
import { isConnectionError, isStorageFull, retryOnConnectionError } from './retry';

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isConnectionError', () => {
  it('knows a lost or refused connection', () => {
    for (const err of [
      pgError('57P01', 'terminating connection due to administrator command'),
      pgError('57P03', 'the database system is starting up'),
      pgError('08006'),
      pgError('ECONNREFUSED'),
      new Error('Connection terminated unexpectedly'),
      new Error('Client has encountered a connection error and is not queryable'),
      new Error('timeout exceeded when trying to connect'),
    ])
      expect(isConnectionError(err), String(err)).toBe(true);
  });

  it('does not take a statement error for one', () => {
    const unreachableLlm = new TypeError('fetch failed', { cause: pgError('ECONNREFUSED') });
    for (const err of [
      pgError('23505'),
      pgError('40001'),
      pgError('42601'),
      new Error('boom'),
      unreachableLlm,
      'text',
      null,
    ])
      expect(isConnectionError(err), String(err)).toBe(false);
  });
});

describe('isStorageFull', () => {
  it('knows a full disk: PostgreSQL disk_full (53100) and a file write that found no space', () => {
    for (const err of [
      pgError('53100', 'could not extend file "base/5/16390": No space left on device'),
      pgError('ENOSPC', 'ENOSPC: no space left on device, write'),
    ])
      expect(isStorageFull(err), String(err)).toBe(true);
  });

  it('takes neither a lost connection nor another resource error for one', () => {
    for (const err of [pgError('57P01'), pgError('53200', 'out of memory'), pgError('53300'), null])
      expect(isStorageFull(err), String(err)).toBe(false);
    // Not worth retrying at once: a full disk stays full until someone frees space.
    expect(isConnectionError(pgError('53100'))).toBe(false);
  });
});

describe('retryOnConnectionError', () => {
  it('tries again while the database is away, then answers', async () => {
    let calls = 0;
    const warned: string[] = [];
    const answer = await retryOnConnectionError(
      async () => {
        if (++calls < 4) throw pgError('57P01');
        return 'written';
      },
      { what: 'a write', firstDelayMs: 1, log: { warn: (_o, msg) => warned.push(msg) } },
    );
    expect(answer).toBe('written');
    expect(calls).toBe(4);
    expect(warned).toHaveLength(3);
    expect(warned[0]).toMatch(/^a write: the database is unavailable/);
  });

  it('throws other errors at once', async () => {
    let calls = 0;
    const failing = retryOnConnectionError(
      async () => {
        calls++;
        throw pgError('23505', 'duplicate key');
      },
      { what: 'a write', firstDelayMs: 1 },
    );
    await expect(failing).rejects.toThrow('duplicate key');
    expect(calls).toBe(1);
  });

  it('gives up after its bound, with the last connection error', async () => {
    const started = Date.now();
    const failing = retryOnConnectionError(
      async () => {
        throw pgError('ECONNREFUSED', 'connect ECONNREFUSED');
      },
      { what: 'a write', maxMs: 200, firstDelayMs: 10, maxDelayMs: 40 },
    );
    await expect(failing).rejects.toThrow('ECONNREFUSED');
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
