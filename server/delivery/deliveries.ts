import { bumpConfigVersionSql } from '../configuration/version';
import { ClientError } from '../kernel/http/errors';
import type { DeliveryAttempt } from '../../schemas/contracts/webhooks';
import { first, type Queryable } from '../kernel/db';
import { insertJobSql, queues } from '../kernel/queue';

/** Attempts in one series (the first and six retries, DESIGN.md §6); a replay starts a new series. */
export const ATTEMPTS_PER_SERIES = 7;

/**
 * CTEs that make the deliveries of analyses that just ended, and the job of their first attempts,
 * inside the statement that ended them (so that an analysis is never ended without its deliveries):
 * `ended` names rows with `id, environment_id, name, status, error, output` (the output module's
 * payload, or null); `targets` rows with `id, environment_id, type, format` (the active webhooks).
 * The first attempts of a statement's deliveries share one job (a batch of analyses makes one job
 * row, not one per delivery: on PGlite a job row costs as much as the delivery's); retries have a
 * job each. Answers `<prefix>d AS (…), <prefix>j AS (…)` to put after the caller's own CTEs.
 */
export const deliveriesCteSql = (ended: string, targets: string, prefix = 'deliveries_') =>
  `${prefix}d AS (
    INSERT INTO webhook_deliveries (id, webhook_id, environment_id, analysis_id, analysis_name, payload)
    SELECT gen_random_uuid(), t.id, e.environment_id, e.id, e.name,
           webhook_payload(e.output, t.format, e.id, e.name, e.status, e.error)
    FROM ${ended} e JOIN ${targets} t ON t.environment_id = e.environment_id
    WHERE e.status = 'processed' OR (t.type = 'finished' AND e.status = 'error')
    RETURNING id
  ), ${prefix}j AS (${insertJobSql(
    queues.webhookDelivery,
    `jsonb_build_object('deliveryIds', ${prefix}g.ids, 'attempt', 1)`,
    `(SELECT jsonb_agg(id) AS ids FROM ${prefix}d) ${prefix}g WHERE ${prefix}g.ids IS NOT NULL`,
  )})`;

/** The active webhooks of the environments, as `deliveriesCteSql` targets. */
export const ACTIVE_WEBHOOKS = `(SELECT id, environment_id, type, format FROM webhooks WHERE active)`;

/** Bumps the version of an environment's webhooks, so that workers read its configuration again. */
export const bumpWebhooksVersionSql = (environmentIdSql: string) =>
  bumpConfigVersionSql('webhook', environmentIdSql);

/**
 * The condition of a delivery whose last series of attempts failed (the worker marks it so when the
 * series' last attempt fails; a replay makes it pending again). `alias`: the table's, if any.
 */
export const failedDeliverySql = (alias?: string) => `${alias ? `${alias}.` : ''}status = 'failed'`;

export const DELIVERY_IN_PROGRESS = () =>
  new ClientError(
    409,
    'DELIVERY_IN_PROGRESS',
    'This delivery is still being attempted; it cannot be replayed now',
  );

/**
 * Starts a new series of attempts for deliveries that are not in progress: each becomes pending
 * again and its next attempt is queued at once. Answers the ids replayed.
 */
const replayDeliveries = async (q: Queryable, where: string, params: unknown[]): Promise<string[]> =>
  (
    await q.query<{ id: string }>(
      `WITH r AS (
         UPDATE webhook_deliveries SET status = 'pending', series_start = attempts, next_attempt_at = now()
         WHERE status <> 'pending' AND ${where}
         RETURNING id, attempts
       ), j AS (${insertJobSql(queues.webhookDelivery, "jsonb_build_object('deliveryId', r.id, 'attempt', r.attempts + 1)", 'r')})
       SELECT id FROM r`,
      params,
    )
  ).map((r) => r.id);

/** Replays one delivery (none when it is in progress): the ids replayed. */
export const replayOneDelivery = (q: Queryable, deliveryId: string) =>
  replayDeliveries(q, 'id = $1', [deliveryId]);

/** Replays a webhook's failed deliveries created since a moment: the ids replayed. */
export const replayFailedSince = (q: Queryable, webhookId: string, since: string) =>
  replayDeliveries(q, `${failedDeliverySql()} AND webhook_id = $1 AND created_at >= $2`, [webhookId, since]);

/**
 * A delivery of an environment's payload as stored, or undefined: text, so that a payload with
 * attachments' data (up to 10 MB) is never parsed and printed again on the event loop.
 */
export const deliveryPayload = async (q: Queryable, deliveryId: string, environmentId: string) =>
  (
    await first(
      q.query<{ payload: string }>(
        'SELECT payload::text AS payload FROM webhook_deliveries WHERE id = $1 AND environment_id = $2',
        [deliveryId, environmentId],
      ),
    )
  )?.payload;

/** A delivery of an environment's status, or undefined. */
export const deliveryStatus = async (q: Queryable, deliveryId: string, environmentId: string) =>
  (
    await first(
      q.query<{ status: string }>(
        'SELECT status FROM webhook_deliveries WHERE id = $1 AND environment_id = $2',
        [deliveryId, environmentId],
      ),
    )
  )?.status;

/** A delivery's attempts, in order. */
export const deliveryAttempts = (q: Queryable, deliveryId: string) =>
  q.query<DeliveryAttempt & { startedAt: Date }>(
    `SELECT attempt, started_at AS "startedAt", duration_ms AS "durationMs", status_code AS "statusCode",
            error, error_code AS "errorCode", error_params AS "errorParams"
     FROM webhook_attempts WHERE delivery_id = $1 ORDER BY attempt`,
    [deliveryId],
  );

/** Whether a webhook of that id belongs to the environment. */
export const hasWebhook = async (q: Queryable, webhookId: string, environmentId: string) =>
  (await q.query('SELECT id FROM webhooks WHERE id = $1 AND environment_id = $2', [webhookId, environmentId]))
    .length > 0;
