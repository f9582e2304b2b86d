import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db';
import { queues, type Queue } from '../queue';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Queues a mail: an outbox row and its delivery job, in the caller's transaction. The worker
 * delivers it over SMTP (server/kernel/mail/worker.ts); without SMTP_URL it stays in the outbox, where
 * platform staff read it.
 */
export const queueMail = async (tx: Queryable, queue: Queue, mail: Mail): Promise<string> => {
  const id = randomUUID();
  await tx.query(
    'INSERT INTO outbox (id, recipient, subject, text_body, html_body) VALUES ($1, $2, $3, $4, $5)',
    [id, mail.to, mail.subject, mail.text, mail.html ?? null],
  );
  await queue.send(tx, queues.mail, { outboxId: id });
  return id;
};

/** The latest mails of the outbox, newest first: what platform staff read. */
export const recentMails = (q: Queryable, limit: number) =>
  q.query<OutboxRow>('SELECT * FROM outbox ORDER BY created_at DESC LIMIT $1', [limit]);

export interface OutboxRow {
  id: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  status: 'queued' | 'sent' | 'held' | 'failed';
  attempts: number;
  last_error: string | null;
  sent_at: Date | null;
  created_at: Date;
  [key: string]: unknown;
}
