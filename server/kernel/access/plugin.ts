import jwt from '@fastify/jwt';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { resetTokens } from './reset-tokens';
import { ClientError } from '../http/errors';
import { tenancyRepository, type UserAccess } from './tenancy';
import { sessionsRepository } from './sessions';
import type { UserRow } from './users';
import { isUuid } from '../http/ids';


export interface TokenClaims {
  sub: string;
  /** The user's token_version when issued: a password change bumps it and so revokes the token. */
  tv: number;
  /** The session's id (migration 030): a logout or a revocation marks it, every process reads it. */
  jti: string;
}

export interface RequestAuth {
  /** Whose data the request acts on: the impersonated user when staff use the switch header. */
  user: UserRow;
  /** The staff member behind an impersonation, for the audit log. */
  impersonator?: UserRow;
  /** What `user` may see and do (spec §6), read with the user in one query. */
  access: UserAccess;
  /**
   * The token's session. It belongs to whoever signed in: to the staff member, not to `user`, when
   * staff act as another user, so it is never listed nor marked "this session" among `user`'s.
   */
  sessionId: string;
  /** The user the session belongs to: `impersonator` when there is one, else `user`. */
  sessionUser: UserRow;
}

declare module 'fastify' {
  interface FastifyInstance {
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** Opens a session for the user, from the client of `request`, and answers its token. */
    issueToken(user: UserRow, request: FastifyRequest): Promise<string>;
    passwordExpired(user: UserRow): boolean;
  }
  interface FastifyRequest {
    auth: RequestAuth;
  }
}
declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenClaims;
    user: TokenClaims;
  }
}

export const SWITCH_HEADER = 'x-switch-user';

const unauthorized = (message: string) => new ClientError(401, 'UNAUTHENTICATED', message);

/**
 * Session tokens (JWT, expiring, each one a row of `sessions` revoked by a logout, by its user or
 * an administrator, all of them by a password change), the `authenticate` hook every
 * console route runs on request (`onRequest`: before a body is read, so that nobody unauthenticated
 * makes the server read and parse 25 MB), the 410 of an expired password (spec §8) and
 * impersonation by platform staff.
 */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    const { config, db } = app;
    const tenancy = tenancyRepository(db);
    const sessions = sessionsRepository(db);
    await app.register(jwt, { secret: app.jwtSecret, sign: { expiresIn: config.tokenTtlSeconds } });

    app.decorate('issueToken', async (user: UserRow, request: FastifyRequest) => {
      const jti = await sessions.open({
        userId: user.id,
        userAgent: request.headers['user-agent'],
        address: request.ip,
        ttlSeconds: config.tokenTtlSeconds,
      });
      return app.jwt.sign({ sub: user.id, tv: user.token_version, jti });
    });
    const pruning = setInterval(() => sessions.prune().catch(() => undefined), 3_600_000);
    pruning.unref();
    app.addHook('onClose', async () => clearInterval(pruning));
    app.decorate(
      'passwordExpired',
      (user: UserRow) =>
        config.passwordMaxAgeSeconds > 0 &&
        Date.now() - user.password_changed_at.getTime() > config.passwordMaxAgeSeconds * 1000,
    );
    app.decorateRequest('auth');

    app.decorate('authenticate', async (request: FastifyRequest) => {
      if (!request.headers.authorization) throw unauthorized('Authentication required');
      let claims: TokenClaims;
      try {
        claims = await request.jwtVerify<TokenClaims>();
      } catch {
        throw unauthorized('The session is invalid or has expired');
      }
      // A token without a session id predates migration 030: refused, its user signs in again once
      // (docs/decisions/hardening-sessions.md).
      if (typeof claims.jti !== 'string' || !isUuid(claims.jti))
        throw unauthorized('The session is no longer valid');
      const signedIn = await tenancy.userWithAccess('id', claims.sub, claims.jti);
      if (!signedIn?.session?.live || signedIn.user.token_version !== claims.tv)
        throw unauthorized('The session is no longer valid');
      const { user, access } = signedIn;
      // "Last used" is written at most once a minute: a busy console does not write at each call.
      if (signedIn.session.stale) await sessions.touch(claims.jti);
      if (app.passwordExpired(user)) {
        const refreshToken = await resetTokens(db).issue(user.id, 'expired', config.resetTokenTtlSeconds);
        throw new ClientError(
          410,
          'PASSWORD_EXPIRED',
          'Your password has expired. Please choose a new one.',
          {
            refreshToken,
          },
        );
      }
      request.auth = { user, access, sessionId: claims.jti, sessionUser: user };
      const switchTo = request.headers[SWITCH_HEADER];
      if (typeof switchTo === 'string' && switchTo !== '') {
        if (!user.is_staff)
          throw new ClientError(403, 'SWITCH_FORBIDDEN', 'Only platform staff may act as another user');
        const target = await tenancy.userWithAccess('username', switchTo);
        if (!target)
          throw new ClientError(400, 'SWITCH_UNKNOWN_USER', `No user named '${switchTo}' to act as`, {
            params: { username: switchTo },
          });
        request.auth = {
          user: target.user,
          access: target.access,
          impersonator: user,
          sessionId: claims.jti,
          sessionUser: user,
        };
      }
    });
  },
  { name: 'auth', dependencies: ['errors', 'kernel'] },
);
