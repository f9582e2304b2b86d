import type { FastifyInstance } from 'fastify';
import { loginCheck } from '../../../schemas/contracts/auth';
import { loginThrottle } from '../../auth/login-throttle';
import { verifyPassword } from '../../auth/passwords';
import { resetTokens } from '../../auth/reset-tokens';
import { contractRoute } from '../../http/contract-route';
import { ClientError } from '../../http/errors';
import type { Platform } from '../../platform';
import { usersRepository } from '../../repositories/users';

const tooMany = (seconds: number) =>
  new ClientError(
    429,
    'TOO_MANY_ATTEMPTS',
    `Too many failed sign-in attempts. Try again in ${Math.ceil(seconds / 60)} minute(s).`,
    { retryAfter: seconds },
  );

/**
 * POST /api/login_check (spec §7): `{ username, password }` → `{ token }`. The two failure codes
 * let the two-step login page say which step was wrong (spec §8 messages).
 */
export const loginRoutes = async (app: FastifyInstance, { platform }: { platform: Platform }) => {
  const { db, config } = platform;
  const users = usersRepository(db);
  const throttle = loginThrottle(db, config.loginLimits);

  app.route({
    ...contractRoute(loginCheck),
    handler: async (request, reply) => {
      const { password } = request.body as { username: string; password: string };
      const username = (request.body as { username: string }).username.trim();
      const address = request.ip;

      const addressWait = await throttle.addressBlockedFor(address);
      if (addressWait) throw tooMany(addressWait);

      const user = await users.findByUsername(username);
      if (!user) {
        await throttle.recordFailure(address, null);
        throw new ClientError(
          401,
          'USERNAME_INCORRECT',
          'The username is incorrect. Please verify your input.',
        );
      }
      const accountWait = await throttle.accountBlockedFor(user.username);
      if (accountWait) throw tooMany(accountWait);

      if (!(await verifyPassword(password, user.password_hash))) {
        await throttle.recordFailure(address, user.username);
        throw new ClientError(
          401,
          'PASSWORD_INCORRECT',
          'The password is incorrect. Please verify your input.',
        );
      }
      await throttle.clearAccount(user.username);

      if (app.passwordExpired(user)) {
        const refreshToken = await resetTokens(db).issue(user.id, 'expired', config.resetTokenTtlSeconds);
        return reply.status(410).send({
          message: 'Your password has expired. Please choose a new one.',
          code: 'PASSWORD_EXPIRED',
          refreshToken,
        });
      }
      return { token: app.issueToken(user) };
    },
  });
};
