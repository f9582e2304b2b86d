import type PgBoss from 'pg-boss';
import { coalesce } from '../kernel/db/coalesce';
import type { Db } from '../kernel/db';
import type { Logger } from '../kernel/logger';
import { webhookDeactivatedMail, type MailLocale } from '../mail/templates';
import { queueMail } from '../kernel/mail/outbox';
import { insertJobSql, queues, type Queue } from '../kernel/queue';
import { ATTEMPTS_PER_SERIES, bumpWebhooksVersionSql } from './deliveries';
import type { OutboundPolicy } from '../kernel/outbound';
import { attempt, type AttemptOutcome } from './send';

export interface DeliveryWorkerOptions {
  policy: OutboundPolicy;
  timeoutMs: number;
  /** The wait before a series' second attempt; it doubles at each further one. */
  retryBaseMs: number;
  disableAfterSeconds: number;
  /** Where the console is, for the link in the deactivation mail. */
  publicUrl: string;
}

/** Attempts in flight at once in one worker process: a slow receiver holds one slot, not the queue. */
const MAX_IN_FLIGHT = 64;
/** How often an idle worker looks at the queue (deliveries are not urgent to the millisecond). */
const IDLE_POLL_MS = 250;

/** One attempt of one delivery, or the first attempts of the deliveries one statement made. */
type Job = { id: string; data: { deliveryId?: string; deliveryIds?: string[]; attempt: number } };

const deliveriesOf = (job: Job) => job.data.deliveryIds ?? (job.data.deliveryId ? [job.data.deliveryId] : []);

interface DeliveryRow {
  id: string;
  status: string;
  attempts: number;
  series_start: number;
  body: string;
  webhook_id: string;
  url: string;
  active: boolean;
  secret: string;
  authorization_name: string | null;
  authorization_value: string | null;
  [key: string]: unknown;
}

interface Recorded {
  id: string;
  attempt: number;
  startedAt: string;
  outcome: AttemptOutcome;
  /** When the next attempt starts; null when the series ends (delivered, or its last attempt failed). */
  retryAt: string | null;
}

/** The wait before attempt `n` of a series (n ≥ 2): base, then doubled each time. */
export const retryDelayMs = (base: number, n: number) => base * 2 ** (n - 2);

/**
 * Delivers webhooks (DESIGN.md §6 Output): each job is one attempt of one delivery. Up to
 * MAX_IN_FLIGHT attempts run at once, each completing its own job when it ends, so a receiver that
 * never answers holds one slot for its timeout and nothing else. An attempt's outcome, the delivery's
 * new state, the next attempt's job (exponential backoff) and the webhook's health are written by
 * one statement, shared by the attempts that end together. A job whose attempt is already recorded
 * (a worker killed after recording, before completing) does nothing: the receiver de-duplicates the
 * attempt that was cut, by X-Delivery-Id. A webhook failing for `disableAfterSeconds` without a
 * success is deactivated and its owner told by mail.
 */
export const startDeliveryWorker = async (
  boss: PgBoss,
  db: Db,
  queue: Queue,
  log: Logger,
  options: DeliveryWorkerOptions,
) => {
  const read = coalesce(async (ids: string[]) => {
    const rows = await db.query<DeliveryRow>(
      `SELECT d.id, d.status, d.attempts, d.series_start, d.payload::text AS body, h.id AS webhook_id, h.url,
              h.active, h.secret, h.authorization_name, h.authorization_value
       FROM webhook_deliveries d JOIN webhooks h ON h.id = d.webhook_id WHERE d.id = ANY($1::uuid[])`,
      [ids],
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => byId.get(id));
  });

  const record = coalesce(async (done: Recorded[]) => {
    const failedWebhooks = await db.query<{ webhook_id: string }>(RECORD_SQL, [
      JSON.stringify(
        done.map((r) => ({
          id: r.id,
          attempt: r.attempt,
          started_at: r.startedAt,
          ok: r.outcome.ok,
          status_code: r.outcome.statusCode,
          error: r.outcome.error?.message ?? null,
          error_code: r.outcome.error?.code ?? null,
          error_params: r.outcome.error?.params ?? null,
          duration_ms: r.outcome.durationMs,
          retry_at: r.retryAt,
        })),
      ),
    ]);
    if (failedWebhooks.length) await deactivateFailing(failedWebhooks.map((w) => w.webhook_id));
    return done.map(() => undefined);
  });

  const complete = coalesce(async (ids: string[]) => {
    await boss.complete(queues.webhookDelivery, ids);
    return ids.map(() => undefined);
  });

  const deactivateFailing = async (webhookIds: string[]) => {
    const deactivated = await db.transaction(async (tx) => {
      const rows = await tx.query<{
        id: string;
        url: string;
        environment_id: string;
        environment_name: string;
        project_id: string;
        email: string | null;
        owner_locale: MailLocale;
      }>(
        `UPDATE webhooks h SET active = false, updated_at = now(),
                deactivated_reason = 'failing'
         WHERE h.id = ANY($1::uuid[]) AND h.active AND h.failing_since < now() - make_interval(secs => $2)
         RETURNING h.id, h.url, h.environment_id,
                   (SELECT name FROM environments WHERE id = h.environment_id) AS environment_name,
                   (SELECT project_id FROM environments WHERE id = h.environment_id) AS project_id,
                   (SELECT email FROM users WHERE id = h.owner_id) AS email,
                   -- The owner's language today; the one at the webhook's creation for an owner gone.
                   COALESCE((SELECT language FROM users WHERE id = h.owner_id), h.owner_locale) AS owner_locale`,
        [webhookIds, options.disableAfterSeconds],
      );
      for (const w of rows) {
        await tx.query(bumpWebhooksVersionSql('$1::uuid'), [w.environment_id]);
        if (w.email)
          await queueMail(tx, queue, {
            to: w.email,
            ...webhookDeactivatedMail(w.owner_locale, {
              url: w.url,
              environmentName: w.environment_name,
              hours: options.disableAfterSeconds / 3600,
              link: `${options.publicUrl}/project/${w.project_id}/environment/${w.environment_id}/env-management/webhooks`,
            }),
          });
      }
      return rows;
    });
    for (const w of deactivated)
      log.warn({ webhookId: w.id, url: w.url }, 'webhook deactivated: it kept failing');
  };

  const deliver = async (deliveryId: string, attemptNumber: number) => {
    const row = await read(deliveryId);
    // Gone (its webhook deleted), ended, or this attempt already recorded: nothing to do.
    if (!row || row.status !== 'pending' || row.attempts >= attemptNumber) return;
    const startedAt = new Date().toISOString();
    const outcome: AttemptOutcome = row.active
      ? await attempt({
          url: row.url,
          body: Buffer.from(row.body),
          id: row.id,
          secret: row.secret,
          timeoutMs: options.timeoutMs,
          policy: options.policy,
          headers: {
            'x-delivery-id': row.id,
            'x-delivery-attempt': String(attemptNumber),
            'x-webhook-id': row.webhook_id,
            ...(row.authorization_name && row.authorization_value
              ? { [row.authorization_name]: row.authorization_value }
              : {}),
          },
        })
      : {
          ok: false,
          statusCode: null,
          durationMs: 0,
          error: { code: 'WEBHOOK_INACTIVE', message: 'The webhook is deactivated: nothing was sent' },
        };
    const inSeries = attemptNumber - row.series_start;
    const retries = !outcome.ok && row.active && inSeries < ATTEMPTS_PER_SERIES;
    await record({
      id: row.id,
      attempt: attemptNumber,
      startedAt,
      outcome,
      retryAt: retries
        ? new Date(Date.now() + retryDelayMs(options.retryBaseMs, inSeries + 1)).toISOString()
        : null,
    });
  };

  let stopped = false;
  let inFlight = 0;
  let slotFreed: (() => void) | undefined;
  const loop = (async () => {
    while (!stopped) {
      if (inFlight >= MAX_IN_FLIGHT) {
        await new Promise<void>((resolve) => (slotFreed = resolve));
        continue;
      }
      let jobs: Job[] = [];
      try {
        jobs = ((await boss.fetch<Job['data']>(queues.webhookDelivery, {
          batchSize: MAX_IN_FLIGHT - inFlight,
        })) ?? []) as Job[];
      } catch (err) {
        log.warn({ err }, 'webhook queue fetch failed');
      }
      if (jobs.length === 0) {
        await new Promise((resolve) => setTimeout(resolve, IDLE_POLL_MS));
        continue;
      }
      for (const job of jobs) {
        const ids = deliveriesOf(job);
        inFlight += ids.length;
        // Each delivery frees its slot when its attempt ends; the job completes with the last one.
        void Promise.allSettled(
          ids.map((id) =>
            deliver(id, job.data.attempt).finally(() => {
              inFlight--;
              slotFreed?.();
              slotFreed = undefined;
            }),
          ),
        )
          .then(async (settled) => {
            const failure = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
            if (!failure) return complete(job.id);
            // The database failed us (the receiver's failures are outcomes): pg-boss tries the job
            // again; the attempts already recorded are not made twice.
            log.warn({ err: failure.reason, deliveries: ids }, 'webhook delivery could not be recorded');
            await boss.fail(queues.webhookDelivery, job.id, { message: String(failure.reason) });
          })
          .catch((err: unknown) => log.warn({ err }, 'webhook job could not be completed'));
      }
    }
  })();

  return {
    stop: async () => {
      stopped = true;
      slotFreed?.();
      await loop;
      // The attempts in flight end within their timeout.
      const deadline = Date.now() + options.timeoutMs + 1000;
      while (inFlight > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    },
  };
};

/**
 * An attempt's outcome as rows: the attempt, the delivery's state, the next attempt's job and the
 * webhook's health (failing since the first failure after a success). Attempts of a delivery
 * already recorded change nothing (ON CONFLICT, attempts < attempt). Answers the webhooks that
 * failed, for the deactivation check.
 */
const RECORD_SQL = `WITH o AS (
    SELECT * FROM jsonb_to_recordset($1::jsonb) AS o(id uuid, attempt int, started_at timestamptz, ok boolean,
      status_code int, error text, error_code text, error_params jsonb, duration_ms int, retry_at timestamptz)
  ), a AS (
    INSERT INTO webhook_attempts (delivery_id, attempt, started_at, duration_ms, status_code, error, error_code, error_params)
    SELECT id, attempt, started_at, duration_ms, status_code, error, error_code, error_params FROM o
    ON CONFLICT DO NOTHING
  ), d AS (
    UPDATE webhook_deliveries d SET attempts = o.attempt, status_code = o.status_code, duration_ms = o.duration_ms,
           status = CASE WHEN o.ok THEN 'delivered' WHEN o.retry_at IS NULL THEN 'failed' ELSE 'pending' END,
           error = CASE WHEN o.ok THEN d.error ELSE o.error END,
           error_code = CASE WHEN o.ok THEN d.error_code ELSE o.error_code END,
           error_params = CASE WHEN o.ok THEN d.error_params ELSE o.error_params END,
           delivered_at = CASE WHEN o.ok THEN now() ELSE d.delivered_at END,
           error_at = CASE WHEN o.ok THEN d.error_at ELSE now() END,
           next_attempt_at = o.retry_at
    FROM o WHERE d.id = o.id AND d.attempts < o.attempt AND d.status = 'pending'
    RETURNING d.id, d.webhook_id, o.ok, o.attempt, o.retry_at, o.error_code
  ), j AS (${insertJobSql(
    queues.webhookDelivery,
    "jsonb_build_object('deliveryId', d.id, 'attempt', d.attempt + 1)",
    'd WHERE NOT d.ok AND d.retry_at IS NOT NULL',
    'd.retry_at',
  )}), health AS (
    SELECT webhook_id, bool_or(ok) AS ok FROM d WHERE ok OR error_code IS DISTINCT FROM 'WEBHOOK_INACTIVE'
    GROUP BY webhook_id
  ), h AS (
    UPDATE webhooks h SET failing_since = CASE WHEN health.ok THEN NULL ELSE coalesce(h.failing_since, now()) END
    FROM health WHERE h.id = health.webhook_id
      AND ((health.ok AND h.failing_since IS NOT NULL) OR (NOT health.ok AND h.failing_since IS NULL))
    RETURNING h.id
  )
  SELECT DISTINCT webhook_id FROM health WHERE NOT ok`;
