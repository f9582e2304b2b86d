import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  listMySessions,
  listUserSessions,
  logout,
  revokeMyOtherSessions,
  revokeMySession,
  revokeUserSession,
  revokeUserSessions,
} from '../../schemas/contracts/auth';
import { contractRoute } from '../kernel/http/contract-route';
import { forbidden, notFound } from '../kernel/http/errors';
import { sessionsRepository } from '../kernel/access/sessions';
import { usersRepository } from '../kernel/access/users';
import { isUuid } from '../kernel/http/ids';

type SessionParams = { sessionId: string };
type UserParams = { userId: string };

/**
 * Sessions (docs/security.md, "Sessions"): the logout, a user's own sessions, and a member's
 * sessions for an administrator of their organisation or platform staff. Every revocation is a row
 * of the database, which every API process reads at each request.
 */
export const sessionRoutes = async (app: FastifyInstance) => {
  const { db } = app;
  const sessions = sessionsRepository(db);
  const users = usersRepository(db);
  app.addHook('onRequest', app.authenticate);

  /** This token's session among `userId`'s: never the staff member's session of an impersonation. */
  const currentOf = (request: FastifyRequest, userId: string) =>
    request.auth.sessionUser.id === userId ? request.auth.sessionId : undefined;

  /**
   * The member whose sessions an administrator asks for: staff may manage anyone's; an organisation
   * administrator those of the members of an organisation they administer, staff excepted. Anybody
   * else gets 403, whether the user exists or not, so that ids tell nothing.
   */
  const managedUser = async (request: FastifyRequest): Promise<string> => {
    const { userId } = request.params as UserParams;
    const { user, access } = request.auth;
    const target = isUuid(userId) ? await users.staffAndOrganisations(userId) : undefined;
    if (user.is_staff) {
      if (!target) throw notFound('member');
      return userId;
    }
    const administers = target?.orgs.some((org) => access.organisationRole(org) === 'admin') ?? false;
    if (!target || target.is_staff || !administers) throw forbidden('orgAdmin');
    return userId;
  };

  app.route({
    ...contractRoute(logout),
    handler: async (request, reply) => {
      await sessions.revoke(request.auth.sessionUser.id, request.auth.sessionId);
      return reply.status(204).send();
    },
  });

  app.route({
    ...contractRoute(listMySessions),
    handler: async (request) => {
      const { user } = request.auth;
      return sessions.list(user.id, currentOf(request, user.id));
    },
  });

  app.route({
    ...contractRoute(revokeMySession),
    handler: async (request, reply) => {
      const { sessionId } = request.params as SessionParams;
      if (!isUuid(sessionId) || !(await sessions.revoke(request.auth.user.id, sessionId)))
        throw notFound('session');
      return reply.status(204).send();
    },
  });

  app.route({
    ...contractRoute(revokeMyOtherSessions),
    handler: async (request) => {
      const { user } = request.auth;
      return { revoked: await sessions.revokeAll(user.id, currentOf(request, user.id)) };
    },
  });

  app.route({
    ...contractRoute(listUserSessions),
    handler: async (request) => {
      const userId = await managedUser(request);
      return sessions.list(userId, currentOf(request, userId));
    },
  });

  app.route({
    ...contractRoute(revokeUserSession),
    handler: async (request, reply) => {
      const userId = await managedUser(request);
      const { sessionId } = request.params as SessionParams;
      if (!isUuid(sessionId) || !(await sessions.revoke(userId, sessionId))) throw notFound('session');
      return reply.status(204).send();
    },
  });

  app.route({
    ...contractRoute(revokeUserSessions),
    handler: async (request) => ({ revoked: await sessions.revokeAll(await managedUser(request)) }),
  });
};
