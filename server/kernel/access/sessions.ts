import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db';
import type { SessionSummary } from '../../../schemas/contracts/auth';

type SessionRow = {
  id: string;
  created_at: Date;
  last_used_at: Date;
  expires_at: Date;
  user_agent: string;
  client_address: string;
};

/** What a session keeps of the client that opened it: bounded, since any client may send anything. */
const USER_AGENT_MAX = 512;
const ADDRESS_MAX = 64;

export interface NewSession {
  userId: string;
  userAgent: string | undefined;
  address: string;
  ttlSeconds: number;
}

/**
 * Sessions (docs/security.md, "Sessions"): one row per token, revoked by a logout, by its user or an
 * administrator, or by a password change. Revoked and expired rows are not listed; they are deleted
 * a day after their expiry, when their token is refused for having expired anyway.
 */
export const sessionsRepository = (db: Queryable) => ({
  /** Opens a session and answers its id, the token's `jti`. */
  open: async ({ userId, userAgent, address, ttlSeconds }: NewSession): Promise<string> => {
    const id = randomUUID();
    await db.query(
      `INSERT INTO sessions (id, user_id, expires_at, user_agent, client_address)
       VALUES ($1, $2, now() + make_interval(secs => $3), $4, $5)`,
      [id, userId, ttlSeconds, (userAgent ?? '').slice(0, USER_AGENT_MAX), address.slice(0, ADDRESS_MAX)],
    );
    return id;
  },

  /** Marks the session used now; the caller does it at most once a minute. */
  touch: async (id: string): Promise<void> => {
    await db.query('UPDATE sessions SET last_used_at = now() WHERE id = $1', [id]);
  },

  /** The user's live sessions, the most recently used first. */
  list: async (userId: string, currentId: string | undefined): Promise<SessionSummary[]> => {
    const rows = await db.query<SessionRow>(
      `SELECT id, created_at, last_used_at, expires_at, user_agent, client_address FROM sessions
       WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now()
       ORDER BY last_used_at DESC, created_at DESC`,
      [userId],
    );
    return rows.map((r) => ({
      id: r.id,
      createdAt: r.created_at.toISOString(),
      lastUsedAt: r.last_used_at.toISOString(),
      expiresAt: r.expires_at.toISOString(),
      userAgent: r.user_agent,
      address: r.client_address,
      current: r.id === currentId,
    }));
  },

  /** Revokes one live session of the user; false when there is none of that id. */
  revoke: async (userId: string, id: string): Promise<boolean> => {
    const rows = await db.query(
      `UPDATE sessions SET revoked_at = now()
       WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL AND expires_at > now() RETURNING id`,
      [id, userId],
    );
    return rows.length > 0;
  },

  /** Revokes every live session of the user but `keptId`; answers how many. */
  revokeAll: async (userId: string, keptId?: string): Promise<number> => {
    const rows = await db.query(
      `UPDATE sessions SET revoked_at = now()
       WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now()
         AND ($2::uuid IS NULL OR id <> $2::uuid) RETURNING id`,
      [userId, keptId ?? null],
    );
    return rows.length;
  },

  /** Deletes the rows of tokens expired for a day: they are refused by their expiry already. */
  prune: async (): Promise<void> => {
    await db.query("DELETE FROM sessions WHERE expires_at < now() - interval '1 day'");
  },
});

export type SessionsRepository = ReturnType<typeof sessionsRepository>;
