import type { FastifyInstance } from 'fastify';
import { checkResetToken, resetPassword, sendPasswordReset } from '../../schemas/contracts/auth';
import { attemptCounters, signInLimits, tooManyAttemptsMessage } from './login-throttle';
import { hashPassword, passwordPolicyDetails } from './passwords';
import { resetTokens } from '../kernel/access/reset-tokens';
import { contractRoute } from '../kernel/http/contract-route';
import { ClientError } from '../kernel/http/errors';
import { queueMail } from '../kernel/mail/outbox';
import { passwordResetMail } from '../mail/templates';
import { usersRepository } from '../kernel/access/users';

const invalidLink = () =>
  new ClientError(404, 'RESET_LINK_INVALID', 'This password reset link is invalid or has already been used.');

/** The forgotten-password calls of spec §7: send a link, check it, set the new password. */
export const passwordForgottenRoutes = async (app: FastifyInstance) => {
  const { db, config, queue } = app;
  const counters = attemptCounters(db);
  const { perAccount, perAddress, windowSeconds } = config.resetLimits;

  app.route({
    ...contractRoute(sendPasswordReset),
    handler: async (request, reply) => {
      const { email } = request.body as { email: string };
      const { recovery_url } = request.query as { recovery_url: string };
      // Only the path of recovery_url is kept: links always point at PUBLIC_URL, so a forged request
      // cannot make us mail a link to somebody else's site (reset poisoning).
      const recoveryPath = new URL(recovery_url).pathname.replace(/\/$/, '');
      // Counted before anything else, whether or not the address is known: per client address
      // (429, which tells nothing about accounts), then per account: beyond its limit the request
      // is answered as usual and no mail is sent (the same answer for an unknown address).
      const fromAddress = await counters.reserve([
        { key: `reset:address:${request.ip}`, max: perAddress, windowSeconds },
      ]);
      if ('retryAfter' in fromAddress) {
        throw new ClientError(
          429,
          'TOO_MANY_ATTEMPTS',
          tooManyAttemptsMessage('Too many password reset requests.', fromAddress.retryAfter),
          { retryAfter: fromAddress.retryAfter, params: { minutes: Math.ceil(fromAddress.retryAfter / 60) } },
        );
      }
      const forAccount = await counters.reserve([
        { key: `reset:account:${email.trim().toLowerCase()}`, max: perAccount, windowSeconds },
      ]);
      if ('retryAfter' in forAccount) return reply.status(204).send();
      await db.transaction(async (tx) => {
        const user = await usersRepository(tx).findByEmail(email.trim());
        if (!user) return;
        const token = await resetTokens(tx).issue(user.id, 'forgotten', config.resetTokenTtlSeconds);
        const link = `${config.publicUrl}${recoveryPath}/${token}`;
        // In the language the account reads, not the one of the browser that asked.
        const mail = passwordResetMail(user.language, link, Math.round(config.resetTokenTtlSeconds / 60));
        await queueMail(tx, queue, { to: user.email, ...mail });
      });
      // The same answer whether or not the address is known.
      return reply.status(204).send();
    },
  });

  app.route({
    ...contractRoute(checkResetToken),
    handler: async (request) => {
      const reset = await resetTokens(db).find((request.params as { resetToken: string }).resetToken);
      if (!reset) throw invalidLink();
      return { valid: true, expiresAt: reset.expires_at.toISOString() };
    },
  });

  app.route({
    ...contractRoute(resetPassword),
    handler: async (request, reply) => {
      const { token, password } = request.body as { token: string; password: string };
      const broken = passwordPolicyDetails(password);
      if (broken.length > 0) {
        throw new ClientError(400, 'PASSWORD_POLICY', broken.map((b) => b.message).join('; '), {
          details: broken,
        });
      }
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        const tokens = resetTokens(tx);
        const reset = await tokens.find(token);
        if (!reset || !(await tokens.consume(token))) throw invalidLink();
        const user = await usersRepository(tx).setPassword(reset.user_id, passwordHash);
        await tokens.revokeAll(user.id);
        await attemptCounters(tx).clear([signInLimits(config.loginLimits).account(user.username).key]);
      });
      return reply.status(204).send();
    },
  });
};
