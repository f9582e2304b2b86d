import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ACCESS_KEY_PREFIX, checkedAccessKey, hashAccessKey, type KnownKey } from './access-keys';
import { first } from '../db';
import { ClientError } from '../http/errors';

export interface KeyAuth {
  keyId: string;
  environmentId: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    authenticateKey(request: FastifyRequest): Promise<void>;
  }
  interface FastifyRequest {
    key: KeyAuth;
  }
}

/** How often a key's last use date is written: every call would make each read a write. */
const LAST_USE_PRECISION_MS = 60_000;

const unauthorized = (message: string) => new ClientError(401, 'UNAUTHENTICATED', message);

/** `Bearer <credentials>`, the scheme in any case (RFC 7235 §2.1), as @fastify/jwt reads session tokens. */
const BEARER = /^bearer +(\S+) *$/i;

/** The credentials of a request's `Authorization: Bearer …` header, if it has one. */
export const bearerCredentials = (request: FastifyRequest) =>
  BEARER.exec(request.headers.authorization ?? '')?.[1];

/**
 * The public API's authentication (DESIGN.md §5): `Authorization: Bearer <access key>`, checked on
 * request, before a body is read (routes add it as an `onRequest` hook). A key opens
 * its own environment and nothing else; a revoked key, or one of an environment being deleted, is
 * refused like an unknown one (at once by this process, within KEY_CACHE_MS by the others). Console
 * session tokens are not keys.
 */
export const accessKeysPlugin = fp(
  async (app: FastifyInstance) => {
    const { db } = app;
    app.decorateRequest('key');
    app.decorate('authenticateKey', async (request: FastifyRequest) => {
      const secret = bearerCredentials(request);
      if (!secret?.startsWith(ACCESS_KEY_PREFIX))
        throw unauthorized('An access key is required: Authorization: Bearer <key>');
      const hash = hashAccessKey(secret);
      const key = await checkedAccessKey(hash, () =>
        first(
          db.query<KnownKey>(
            `SELECT k.id, k.environment_id, k.last_used_at FROM access_keys k
             JOIN environments e ON e.id = k.environment_id
             WHERE k.secret_hash = $1 AND e.deletion_requested_at IS NULL`,
            [hash],
          ),
        ),
      );
      if (!key) throw unauthorized('This access key is unknown or was revoked');
      if (!key.last_used_at || Date.now() - key.last_used_at.getTime() > LAST_USE_PRECISION_MS) {
        // The cached key carries the date written, so the next calls do not write it again.
        key.last_used_at = new Date();
        await db.query('UPDATE access_keys SET last_used_at = now() WHERE id = $1', [key.id]);
      }
      request.key = { keyId: key.id, environmentId: key.environment_id };
    });
  },
  { name: 'access-keys', dependencies: ['errors', 'kernel'] },
);
