// The NLU servers' tokens (docs/decisions/nlu-server-token.md): the only SQL on nlu_server_tokens.
import { createHash, randomBytes } from 'node:crypto';
import { first, type Queryable } from '../kernel/db';

/** What every server token starts with, so that a leaked one is recognisable (secret scanners). */
export const SERVER_TOKEN_PREFIX = 'nlus_';
/** Characters of a token shown once it is made: the marker and a few random ones. */
const SHOWN = 12;

/** 256 random bits: a plain SHA-256 is enough to store them, as for access keys. */
export const hashServerToken = (secret: string) => createHash('sha256').update(secret).digest('hex');

export type ServerTokenRow = { prefix: string; created_at: Date; last_used_at: Date | null };

export const serverToken = (q: Queryable, serverId: string) =>
  first(
    q.query<ServerTokenRow>(
      'SELECT prefix, created_at, last_used_at FROM nlu_server_tokens WHERE server_id = $1',
      [serverId],
    ),
  );

/** Makes the server's token, replacing the one it had. Answers the secret, the only time it is seen. */
export const makeServerToken = async (
  q: Queryable,
  environmentId: string,
  serverId: string,
  userId: string,
) => {
  const secret = `${SERVER_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const prefix = secret.slice(0, SHOWN);
  const row = await first(
    q.query<{ created_at: Date }>(
      `INSERT INTO nlu_server_tokens (server_id, environment_id, prefix, secret_hash, created_by)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (server_id) DO UPDATE SET prefix = EXCLUDED.prefix, secret_hash = EXCLUDED.secret_hash,
         created_by = EXCLUDED.created_by, created_at = now(), last_used_at = NULL
       RETURNING created_at`,
      [serverId, environmentId, prefix, hashServerToken(secret), userId],
    ),
  );
  return { secret, prefix, createdAt: row!.created_at.toISOString() };
};

export const revokeServerToken = async (q: Queryable, serverId: string) =>
  (await q.query('DELETE FROM nlu_server_tokens WHERE server_id = $1 RETURNING server_id', [serverId]))
    .length > 0;

/** The server a token opens, when its environment is not being deleted; its use is dated. */
export const serverOfToken = async (q: Queryable, secret: string) => {
  const row = await first(
    q.query<{ server_id: string; environment_id: string }>(
      `UPDATE nlu_server_tokens t SET last_used_at = now()
         FROM environments e
        WHERE t.secret_hash = $1 AND e.id = t.environment_id AND e.deletion_requested_at IS NULL
        RETURNING t.server_id, t.environment_id`,
      [hashServerToken(secret)],
    ),
  );
  return row ? { serverId: row.server_id, environmentId: row.environment_id } : undefined;
};
