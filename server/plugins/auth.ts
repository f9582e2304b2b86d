import jwt from '@fastify/jwt';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { resetTokens } from '../auth/reset-tokens';
import { ClientError } from '../http/errors';
import type { Platform } from '../platform';
import { tenancyRepository, type UserAccess } from '../repositories/tenancy';
import type { UserRow } from '../repositories/users';

export interface TokenClaims {
  sub: string;
  /** The user's token_version when issued: a password change bumps it and so revokes the token. */
  tv: number;
}

export interface RequestAuth {
  /** Whose data the request acts on: the impersonated user when staff use the switch header. */
  user: UserRow;
  /** The staff member behind an impersonation, for the audit log. */
  impersonator?: UserRow;
  /** What `user` may see and do (spec §6), read with the user in one query. */
  access: UserAccess;
}

declare module 'fastify' {
  interface FastifyInstance {
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    issueToken(user: UserRow): string;
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
 * Session tokens (JWT, expiring, revoked by a password change), the `authenticate` hook every
 * console route runs on request (`onRequest`: before a body is read, so that nobody unauthenticated
 * makes the server read and parse 25 MB), the 410 of an expired password (spec §8) and
 * impersonation by platform staff.
 */
export const authPlugin = fp(
  async (app: FastifyInstance, { platform }: { platform: Platform }) => {
    const { config, db } = platform;
    const tenancy = tenancyRepository(db);
    await app.register(jwt, { secret: platform.jwtSecret, sign: { expiresIn: config.tokenTtlSeconds } });

    app.decorate('issueToken', (user: UserRow) => app.jwt.sign({ sub: user.id, tv: user.token_version }));
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
      const signedIn = await tenancy.userWithAccess('id', claims.sub);
      if (!signedIn || signedIn.user.token_version !== claims.tv)
        throw unauthorized('The session is no longer valid');
      const { user } = signedIn;
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
      request.auth = signedIn;
      const switchTo = request.headers[SWITCH_HEADER];
      if (typeof switchTo === 'string' && switchTo !== '') {
        if (!user.is_staff)
          throw new ClientError(403, 'SWITCH_FORBIDDEN', 'Only platform staff may act as another user');
        const target = await tenancy.userWithAccess('username', switchTo);
        if (!target)
          throw new ClientError(400, 'SWITCH_UNKNOWN_USER', `No user named '${switchTo}' to act as`, {
            params: { username: switchTo },
          });
        request.auth = { ...target, impersonator: user };
      }
    });
  },
  { name: 'auth', dependencies: ['errors'] },
);
