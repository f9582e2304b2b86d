import type { FastifyInstance } from 'fastify';
import { forbidden } from '../kernel/http/errors';
import { recentMails } from '../kernel/mail/outbox';

/** Platform staff read the mails the platform sent or holds (the outbox stands in for SMTP when none is set). */
export const outboxRoutes = async (app: FastifyInstance) => {
  app.get('/v4/console/api/platform/outbox', { onRequest: app.authenticate }, async (request, reply) => {
    if (!(request.auth.impersonator ?? request.auth.user).is_staff) throw forbidden('staff');
    const rows = await recentMails(app.db, 200);
    reply.header('Content-Range', `outbox 0-${Math.max(rows.length - 1, 0)}/${rows.length}`);
    return rows.map((r) => ({
      id: r.id,
      recipient: r.recipient,
      subject: r.subject,
      text: r.text_body,
      status: r.status,
      attempts: r.attempts,
      lastError: r.last_error,
      sentAt: r.sent_at?.toISOString() ?? null,
      createdAt: r.created_at.toISOString(),
    }));
  });
};
