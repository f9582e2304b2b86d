import type { Queryable } from '../db';
import type { Config } from '../config';

/**
 * Sign-in throttling, kept in the database so that every API process sees the same counts.
 * Only failed password checks count against an account; unknown usernames count against the
 * address alone, so a stranger cannot lock someone else's account by sending garbage.
 */
export const loginThrottle = (db: Queryable, limits: Config['loginLimits']) => {
  const window = limits.windowSeconds;
  const countSince = async (column: 'username' | 'address', value: string) =>
    (
      await db.query<{ n: number; oldest: Date | null }>(
        `SELECT count(*)::int AS n, min(created_at) AS oldest FROM login_failures
         WHERE ${column === 'username' ? 'lower(username) = lower($1)' : 'address = $1'}
           AND created_at > now() - make_interval(secs => $2)`,
        [value, window],
      )
    )[0];

  /** Seconds to wait before trying again, or 0 when allowed. */
  const retryAfter = (c: { n: number; oldest: Date | null }, max: number) =>
    c.n >= max && c.oldest
      ? Math.max(1, Math.ceil((c.oldest.getTime() + window * 1000 - Date.now()) / 1000))
      : 0;

  return {
    addressBlockedFor: async (address: string) =>
      retryAfter(await countSince('address', address), limits.perAddress),
    accountBlockedFor: async (username: string) =>
      retryAfter(await countSince('username', username), limits.perAccount),
    recordFailure: (address: string, username: string | null) =>
      db.query('INSERT INTO login_failures (username, address) VALUES ($1, $2)', [username, address]),
    clearAccount: (username: string) =>
      db.query('DELETE FROM login_failures WHERE lower(username) = lower($1)', [username]),
    /** Old rows serve no count any more. */
    prune: () =>
      db.query('DELETE FROM login_failures WHERE created_at < now() - make_interval(secs => $1)', [window]),
  };
};
