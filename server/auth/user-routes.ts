import type { FastifyInstance } from 'fastify';
import {
  changePassword,
  getCurrentUser,
  updateLanguage,
  updatePreferences,
  type Preferences,
  type UserLanguage,
} from '../../schemas/contracts/auth';
import { attemptCounters, tooManyAttemptsMessage } from './login-throttle';
import { hashPassword, passwordPolicyDetails, verifyPassword } from './passwords';
import { contractRoute } from '../kernel/http/contract-route';
import { ClientError } from '../kernel/http/errors';
import { tenancyRepository } from '../kernel/access/tenancy';
import { usersRepository } from '../kernel/access/users';
import { fieldProblem } from '../../schemas/detail-messages';

/** The signed-in user: who they are, their organisations and rights, preferences, password change. */
export const userRoutes = async (app: FastifyInstance) => {
  const { db, config } = app;
  const counters = attemptCounters(db);
  const users = usersRepository(db);
  const tenancy = tenancyRepository(db);

  app.route({
    ...contractRoute(getCurrentUser),
    onRequest: app.authenticate,
    handler: async (request) => {
      const { user } = request.auth;
      return {
        id: user.id,
        username: user.username,
        email: user.email,
        firstname: user.firstname,
        lastname: user.lastname,
        isLight: user.is_light,
        role: user.is_staff ? 'staff' : 'user',
        organisations: await tenancy.organisationsOf(user, request.auth.access),
        preferences: user.preferences,
        language: user.language,
      };
    },
  });

  app.route({
    ...contractRoute(updatePreferences),
    onRequest: app.authenticate,
    handler: async (request) => users.updatePreferences(request.auth.user.id, request.body as Preferences),
  });

  // The console's language switch saves it here: mails to this user are written in it.
  app.route({
    ...contractRoute(updateLanguage),
    onRequest: app.authenticate,
    handler: async (request) => ({
      language: await users.setLanguage(
        request.auth.user.id,
        (request.body as { language: UserLanguage }).language,
      ),
    }),
  });

  app.route({
    ...contractRoute(changePassword),
    onRequest: app.authenticate,
    handler: async (request) => {
      if (request.auth.impersonator) {
        throw new ClientError(
          403,
          'SWITCH_FORBIDDEN',
          "Nobody may change another user's password while acting as them",
        );
      }
      const { currentPassword, newPassword } = request.body as {
        currentPassword: string;
        newPassword: string;
      };
      const { user } = request.auth;
      // The current password is throttled like a sign-in (a stolen session must not become a
      // password oracle): counted before it is checked, forgotten once it is right.
      const attempt = {
        key: `current-password:${user.id}`,
        max: config.loginLimits.perAccount,
        windowSeconds: config.loginLimits.windowSeconds,
      };
      const reservation = await counters.reserve([attempt]);
      if ('retryAfter' in reservation) {
        throw new ClientError(
          429,
          'TOO_MANY_ATTEMPTS',
          tooManyAttemptsMessage('Too many wrong current passwords.', reservation.retryAfter),
          { retryAfter: reservation.retryAfter, params: { minutes: Math.ceil(reservation.retryAfter / 60) } },
        );
      }
      if (!(await verifyPassword(currentPassword, user.password_hash))) {
        throw new ClientError(400, 'CURRENT_PASSWORD_INCORRECT', 'The current password is incorrect.', {
          details: [fieldProblem('currentPassword', 'currentPasswordIncorrect')],
        });
      }
      await counters.clear([attempt.key]);
      const broken = passwordPolicyDetails(newPassword, 'newPassword');
      if (newPassword === currentPassword) {
        broken.push({ ...fieldProblem('newPassword', 'passwordUnchanged'), rule: 'minLength' });
      }
      if (broken.length > 0) {
        throw new ClientError(400, 'PASSWORD_POLICY', broken.map((b) => b.message).join('; '), {
          details: broken,
        });
      }
      const updated = await users.setPassword(user.id, await hashPassword(newPassword));
      return { token: await app.issueToken(updated, request) };
    },
  });
};
