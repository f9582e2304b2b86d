import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../kernel/db';
import type { Config } from '../kernel/config';

/** One counter and its limit: at most `max` attempts per fixed window of `windowSeconds`. */
export interface Limit {
  key: string;
  max: number;
  windowSeconds: number;
}

export type Reserved = { reserved: string[] } | { retryAfter: number };

/**
 * Attempt counters, kept in the database so that every API process sees the same counts (migration
 * 011). An attempt is counted (reserved) in one statement before anything is checked, so parallel
 * attempts cannot all read the same count: 100 parallel wrong passwords check at most `max` of them.
 * A refused attempt is not counted (the count stays at the limit).
 */
export const attemptCounters = (db: Queryable) => {
  const take = async ({ key, max, windowSeconds }: Limit) =>
    (
      await db.query<{ refused: boolean; retry_after: number }>(
        `INSERT INTO attempt_counters AS c (key, count) VALUES ($1, 1)
         ON CONFLICT (key) DO UPDATE SET
           count = CASE WHEN c.window_start <= now() - make_interval(secs => $2) THEN 1
                        WHEN c.count >= $3 THEN c.count ELSE c.count + 1 END,
           refused = c.window_start > now() - make_interval(secs => $2) AND c.count >= $3,
           window_start = CASE WHEN c.window_start <= now() - make_interval(secs => $2) THEN now()
                               ELSE c.window_start END
         RETURNING refused,
           GREATEST(1, ceil(extract(epoch FROM c.window_start + make_interval(secs => $2) - now())))::int
             AS retry_after`,
        [key, windowSeconds, max],
      )
    )[0];
  const release = async (keys: string[]) => {
    if (keys.length > 0)
      await db.query('UPDATE attempt_counters SET count = count - 1 WHERE key = ANY($1) AND count > 0', [
        keys,
      ]);
  };
  return {
    /**
     * Counts one attempt against each limit, in order. When one is reached, the attempts already
     * counted by this call are given back and the answer is the seconds to wait.
     */
    reserve: async (limits: Limit[]): Promise<Reserved> => {
      const reserved: string[] = [];
      for (const limit of limits) {
        const row = await take(limit);
        if (row.refused) {
          await release(reserved);
          return { retryAfter: row.retry_after };
        }
        reserved.push(limit.key);
      }
      return { reserved };
    },
    /** Gives attempts back (a successful one that should not count as a failure). */
    release,
    /** Forgets the counts (the account's owner proved the password). */
    clear: async (keys: string[]) => {
      await db.query('DELETE FROM attempt_counters WHERE key = ANY($1)', [keys]);
    },
    /** Rows whose window ended a day ago count nothing any more. */
    prune: async (longestWindowSeconds: number) => {
      await db.query('DELETE FROM attempt_counters WHERE window_start < now() - make_interval(secs => $1)', [
        longestWindowSeconds + 86_400,
      ]);
    },
  };
};

/**
 * The sign-in limits (docs/decisions/auth-attempt-limits.md). A client without a device cookie for
 * the account counts against the account and against its address; a client with one counts against
 * that device only. The username is counted whether or not it exists, so that the answers (lock-out
 * included) do not tell.
 */
export const signInLimits = (limits: Config['loginLimits']) => ({
  account: (username: string): Limit => ({
    key: `sign-in:account:${username.trim().toLowerCase()}`,
    max: limits.perAccount,
    windowSeconds: limits.windowSeconds,
  }),
  address: (address: string): Limit => ({
    key: `sign-in:address:${address}`,
    max: limits.perAddress,
    windowSeconds: limits.windowSeconds,
  }),
  device: (nonce: string): Limit => ({
    key: `sign-in:device:${nonce}`,
    max: limits.perAccount,
    windowSeconds: limits.windowSeconds,
  }),
});

/** `Too many … Try again in N minute(s).` with `retryAfter` seconds, as every throttle answers. */
export const tooManyAttemptsMessage = (what: string, seconds: number) =>
  `${what} Try again in ${Math.ceil(seconds / 60)} minute(s).`;

const DEVICE_COOKIE_MAX_AGE = 365 * 86_400;

/**
 * OWASP's device cookie: after a successful sign-in the browser gets a cookie naming the user and a
 * random device nonce, signed with the JWT secret (HMAC-SHA256), HttpOnly, SameSite=Strict, sent only
 * to the sign-in call, kept a year. One cookie per account (the name carries a digest of the user id),
 * so several people can share a browser.
 */
export const deviceCookies = (secret: string, secure: boolean) => {
  const nameFor = (userId: string) =>
    `console_device_${createHash('sha256').update(userId).digest('hex').slice(0, 16)}`;
  const sign = (userId: string, nonce: string) =>
    createHmac('sha256', secret).update(`device.${userId}.${nonce}`).digest('base64url');
  const cookieValue = (header: string | undefined, name: string) => {
    for (const part of (header ?? '').split(';')) {
      const at = part.indexOf('=');
      if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
    }
    return undefined;
  };
  return {
    /** The device nonce of the request's valid cookie for this user, or undefined. */
    read: (request: FastifyRequest, userId: string): string | undefined => {
      const value = cookieValue(request.headers.cookie, nameFor(userId));
      const [id, nonce, mac] = value?.split('.') ?? [];
      if (id !== userId || !nonce || !mac) return undefined;
      const expected = Buffer.from(sign(userId, nonce));
      const given = Buffer.from(mac);
      return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : undefined;
    },
    /** Sets (or renews) the cookie; keeps the device's nonce when it had one. */
    set: (reply: FastifyReply, userId: string, nonce = randomBytes(16).toString('base64url')) => {
      const attributes = [
        `${nameFor(userId)}=${userId}.${nonce}.${sign(userId, nonce)}`,
        'Path=/api/login_check',
        `Max-Age=${DEVICE_COOKIE_MAX_AGE}`,
        'HttpOnly',
        'SameSite=Strict',
        ...(secure ? ['Secure'] : []),
      ];
      reply.header('set-cookie', attributes.join('; '));
    },
  };
};
