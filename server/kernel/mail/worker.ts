import type PgBoss from 'pg-boss';
import type { Db } from '../db';
import { first } from '../db';
import type { Logger } from '../logger';
import type { OutboxRow } from './outbox';
import { queues } from '../queue';

export interface MailWorkerOptions {
  smtpUrl: string | undefined;
  from: string;
}

/**
 * Delivers queued mails over SMTP. A failure is recorded on the outbox row and thrown, so that
 * pg-boss retries with backoff; without SMTP the mail is held in the outbox for staff to read.
 */
export const startMailWorker = async (boss: PgBoss, db: Db, log: Logger, options: MailWorkerOptions) => {
  // nodemailer is loaded only when there is an SMTP server to speak to.
  const transport = options.smtpUrl
    ? (await import('nodemailer')).default.createTransport(options.smtpUrl)
    : undefined;
  await boss.work<{ outboxId: string }>(
    queues.mail,
    { batchSize: 1, pollingIntervalSeconds: 0.5 },
    async ([job]) => {
      const mail = await first(
        db.query<OutboxRow>('SELECT * FROM outbox WHERE id = $1', [job.data.outboxId]),
      );
      if (!mail || mail.status === 'sent') return;
      if (!transport) {
        await db.query(`UPDATE outbox SET status = 'held' WHERE id = $1`, [mail.id]);
        log.info({ outboxId: mail.id, to: mail.recipient }, 'no SMTP_URL: mail kept in the outbox');
        return;
      }
      try {
        await transport.sendMail({
          from: options.from,
          to: mail.recipient,
          subject: mail.subject,
          text: mail.text_body,
          html: mail.html_body ?? undefined,
        });
        await db.query(
          `UPDATE outbox SET status = 'sent', sent_at = now(), attempts = attempts + 1 WHERE id = $1`,
          [mail.id],
        );
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        await db.query(
          `UPDATE outbox SET status = 'failed', attempts = attempts + 1, last_error = $2 WHERE id = $1`,
          [mail.id, message],
        );
        log.warn({ outboxId: mail.id, err: message }, 'mail delivery failed; the queue will retry');
        throw err;
      }
    },
  );
};
