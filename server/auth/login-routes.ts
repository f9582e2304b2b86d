import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { loginCheck } from '../../schemas/contracts/auth';
import {
  attemptCounters,
  deviceCookies,
  signInLimits,
  tooManyAttemptsMessage,
} from './login-throttle';
import { hashPassword, verifyPassword } from './passwords';
import { resetTokens } from '../kernel/access/reset-tokens';
import { contractRoute } from '../kernel/http/contract-route';
import { ClientError } from '../kernel/http/errors';
import { usersRepository } from '../kernel/access/users';

const tooMany = (seconds: number) =>
  new ClientError(
    429,
    'TOO_MANY_ATTEMPTS',
    tooManyAttemptsMessage('Too many failed sign-in attempts.', seconds),
    { retryAfter: seconds, params: { minutes: Math.ceil(seconds / 60) } },
  );

/** One answer for an unknown username and a wrong password: it must not tell which usernames exist. */
const credentialsIncorrect = () =>
  new ClientError(
    401,
    'CREDENTIALS_INCORRECT',
    'The username or password is incorrect. Please verify your input.',
  );

/**
 * POST /api/login_check (spec §7): `{ username, password }` → `{ token }`. The attempt is counted
 * before the password is checked (docs/decisions/auth-attempts-counted-before-checked.md): against the device when
 * the browser presents a valid device cookie for the account, else against the account and the
 * client address. An unknown username costs a hash like a known one.
 */
export const loginRoutes = async (app: FastifyInstance) => {
  const { db, config } = app;
  const users = usersRepository(db);
  const counters = attemptCounters(db);
  const limits = signInLimits(config.loginLimits);
  const devices = deviceCookies(app.jwtSecret, config.publicUrl.startsWith('https:'));
  // Compared against when the username is unknown, so that both answers take a hash's time.
  const dummyHash = hashPassword(randomUUID());
  dummyHash.catch(() => undefined);

  const pruning = setInterval(
    () => counters.prune(config.loginLimits.windowSeconds).catch(() => undefined),
    3_600_000,
  );
  pruning.unref();
  app.addHook('onClose', async () => clearInterval(pruning));

  app.route({
    ...contractRoute(loginCheck),
    handler: async (request, reply) => {
      const { password } = request.body as { username: string; password: string };
      const username = (request.body as { username: string }).username.trim();
      const untrusted = [limits.account(username), limits.address(request.ip)];

      const user = await users.findByUsername(username);
      const device = user ? devices.read(request, user.id) : undefined;
      // OWASP: a device past its own limit is refused like a locked-out untrusted client.
      const reservation = await counters.reserve(device ? [limits.device(device)] : untrusted);
      if ('retryAfter' in reservation) throw tooMany(reservation.retryAfter);

      const stored = user?.password_hash ?? (await dummyHash);
      if (!(await verifyPassword(password, stored)) || !user?.password_hash) throw credentialsIncorrect();

      // The right password: the device's or the account's failures are forgotten, the address gets
      // this attempt back.
      if (device) await counters.clear([limits.device(device).key]);
      else {
        await counters.clear([limits.account(username).key]);
        await counters.release([limits.address(request.ip).key]);
      }
      devices.set(reply, user.id, device);

      if (app.passwordExpired(user)) {
        const refreshToken = await resetTokens(db).issue(user.id, 'expired', config.resetTokenTtlSeconds);
        return reply.status(410).send({
          message: 'Your password has expired. Please choose a new one.',
          code: 'PASSWORD_EXPIRED',
          refreshToken,
        });
      }
      return { token: await app.issueToken(user, request) };
    },
  });
};
