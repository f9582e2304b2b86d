import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db';
import { first } from '../db';

const hash = (token: string) => createHash('sha256').update(token).digest('base64url');

export type ResetReason = 'forgotten' | 'expired';

/**
 * One-use links to set a new password: a forgotten-password mail, or the refresh token handed out
 * with a 410 when a password has expired. Only the hash is stored.
 */
export const resetTokens = (db: Queryable) => ({
  issue: async (userId: string, reason: ResetReason, ttlSeconds: number): Promise<string> => {
    const token = randomBytes(32).toString('base64url');
    await db.query(
      `INSERT INTO password_resets (token_hash, user_id, reason, expires_at)
       VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
      [hash(token), userId, reason, ttlSeconds],
    );
    return token;
  },

  /** The still-usable reset behind a token, or undefined (unknown, used or expired). */
  find: (token: string) =>
    first(
      db.query<{ user_id: string; reason: ResetReason; expires_at: Date }>(
        `SELECT user_id, reason, expires_at FROM password_resets
         WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()`,
        [hash(token)],
      ),
    ),

  /** Marks the token used; false when another request used it first. */
  consume: async (token: string): Promise<boolean> =>
    (
      await db.query(
        `UPDATE password_resets SET used_at = now()
         WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id`,
        [hash(token)],
      )
    ).length === 1,

  /** A new password makes every other pending link of that user useless. */
  revokeAll: (userId: string) =>
    db.query('UPDATE password_resets SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [userId]),
});
