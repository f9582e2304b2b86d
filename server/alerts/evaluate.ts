import { randomUUID } from 'node:crypto';
import type PgBoss from 'pg-boss';
import type { Db, Queryable } from '../kernel/db';
import type { Logger } from '../kernel/logger';
import { queueMail } from '../kernel/mail/outbox';
import { ALERT_MAIL_NAMES, thresholdAlertMail, timeoutAlertMail, type MailLocale } from '../mail/templates';
import { queues, type Queue } from '../kernel/queue';

/**
 * The evaluation of enabled alerts (docs/decisions/dashboard-alert-evaluation.md): each alert is read under
 * a row lock taken with SKIP LOCKED, so that two workers never evaluate one alert at once, and its
 * firings, its state and its mail commit together.
 */

type AlertRow = {
  id: string;
  environment_id: string;
  environment_name: string;
  project_id: string;
  kind: 'timeout' | 'threshold';
  minutes: number | null;
  threshold: number | null;
  period: string | null;
  status: string | null;
  category: string | null;
  email: string;
  locale: MailLocale;
  fired_period: Date | null;
};

/** Analyses a timeout alert reports in one mail at most; the next evaluation takes the rest. */
const TIMEOUT_BATCH = 500;

/**
 * The unfinished analyses of an environment created before `minutes` ago that the alert has not
 * reported yet, oldest first: read by the partial index analyses_unfinished_created_idx (migration 025).
 */
export const lateAnalysesSql = `
  SELECT a.id, a.name FROM analyses a
  WHERE a.environment_id = $1 AND a.status IN ('waiting', 'pending')
        AND a.created_at <= now() - make_interval(mins => $2::int)
        AND NOT EXISTS (SELECT 1 FROM alert_firings f WHERE f.alert_id = $3 AND f.analysis_id = a.id)
  ORDER BY a.created_at LIMIT ${TIMEOUT_BATCH}`;

/**
 * How many analyses of an environment were created since `$2` (of a status, of a category): the
 * dashboard's (environment_id, created_at) INCLUDE (status) index reads them, the category from the row.
 */
export const periodCountSql = (filters: { status: boolean; category: boolean }) => `
  SELECT count(*)::int AS n FROM analyses a
  WHERE a.environment_id = $1 AND a.created_at >= $2::timestamptz
        ${filters.status ? 'AND a.status = $3' : ''}
        ${filters.category ? `AND $${filters.status ? 4 : 3}::text = ANY(a.categories)` : ''}`;

/** The console's analyses list of an environment, filtered as its own filters would be (`?filter=`). */
const analysesLink = (publicUrl: string, alert: AlertRow, filter: Record<string, unknown>) =>
  `${publicUrl}/project/${alert.project_id}/environment/${alert.environment_id}/analyses?filter=${encodeURIComponent(JSON.stringify(filter))}`;

const recordFired = (tx: Queryable, alert: AlertRow, firedPeriod: Date | null) =>
  tx.query('UPDATE alerts SET last_fired_at = now(), fired_period = $2 WHERE id = $1', [
    alert.id,
    firedPeriod,
  ]);

const evaluateTimeout = async (tx: Queryable, queue: Queue, publicUrl: string, alert: AlertRow) => {
  const late = await tx.query<{ id: string; name: string }>(lateAnalysesSql, [
    alert.environment_id,
    alert.minutes,
    alert.id,
  ]);
  if (late.length === 0) return 0;
  const [{ cutoff }] = await tx.query<{ cutoff: Date }>(
    'SELECT now() - make_interval(mins => $1::int) AS cutoff',
    [alert.minutes],
  );
  const mailId = await queueMail(tx, queue, {
    to: alert.email,
    ...timeoutAlertMail(alert.locale, {
      environmentName: alert.environment_name,
      minutes: alert.minutes ?? 0,
      names: late.slice(0, ALERT_MAIL_NAMES).map((a) => a.name),
      count: late.length,
      link: analysesLink(publicUrl, alert, {
        status: ['waiting', 'pending'],
        createdAt_lte: new Date(cutoff).toISOString(),
      }),
    }),
  });
  await tx.query(
    `INSERT INTO alert_firings (id, alert_id, environment_id, analysis_id, analysis_name, email, mail_id)
     SELECT gen_random_uuid(), $1, $2, a.id, a.name, $3, $4 FROM unnest($5::uuid[], $6::text[]) AS a (id, name)
     ON CONFLICT DO NOTHING`,
    [alert.id, alert.environment_id, alert.email, mailId, late.map((a) => a.id), late.map((a) => a.name)],
  );
  await recordFired(tx, alert, null);
  return late.length;
};

const evaluateThreshold = async (tx: Queryable, queue: Queue, publicUrl: string, alert: AlertRow) => {
  const [row] = await tx.query<{ start: Date }>(`SELECT date_trunc($1, now(), 'UTC') AS start`, [
    alert.period,
  ]);
  const start = new Date(row.start);
  const params: unknown[] = [alert.environment_id, start];
  if (alert.status) params.push(alert.status);
  if (alert.category) params.push(alert.category);
  const [{ n }] = await tx.query<{ n: number }>(
    periodCountSql({ status: Boolean(alert.status), category: Boolean(alert.category) }),
    params,
  );
  const firedThisPeriod =
    alert.fired_period !== null && new Date(alert.fired_period).getTime() === start.getTime();
  if (n <= (alert.threshold ?? 0)) {
    // Fallen back: the next crossing fires again.
    if (alert.fired_period !== null) {
      await tx.query('UPDATE alerts SET fired_period = NULL WHERE id = $1', [alert.id]);
    }
    return 0;
  }
  if (firedThisPeriod) return 0;
  const filter: Record<string, unknown> = { createdAt_gte: start.toISOString() };
  if (alert.status) filter.status = alert.status;
  if (alert.category) filter.categories = alert.category;
  const mailId = await queueMail(tx, queue, {
    to: alert.email,
    ...thresholdAlertMail(alert.locale, {
      environmentName: alert.environment_name,
      threshold: alert.threshold ?? 0,
      count: n,
      interval: alert.period ?? 'day',
      status: alert.status,
      category: alert.category,
      link: analysesLink(publicUrl, alert, filter),
    }),
  });
  await tx.query(
    `INSERT INTO alert_firings (id, alert_id, environment_id, period_start, count, email, mail_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [randomUUID(), alert.id, alert.environment_id, start, n, alert.email, mailId],
  );
  await recordFired(tx, alert, start);
  return 1;
};

/**
 * Evaluates every enabled alert once; answers how many firings it made. An alert another worker
 * is evaluating is skipped (it is being done).
 */
export const evaluateAlerts = async (
  db: Db,
  queue: Queue,
  publicUrl: string,
  log?: Logger,
): Promise<number> => {
  const ids = await db.query<{ id: string }>('SELECT id FROM alerts WHERE enabled');
  let fired = 0;
  for (const { id } of ids) {
    // One alert's failure (its environment going away, a lost connection) leaves the others to run.
    fired += await db
      .transaction(async (tx) => {
        const [alert] = await tx.query<AlertRow>(
          `SELECT l.id, l.environment_id, e.name AS environment_name, e.project_id, l.kind, l.minutes,
                l.threshold, l.period, l.status, l.category, l.email, l.fired_period,
                -- The recipient's own language when the address is a user's (the oldest account
                -- with it, as users.ts reads it), else the one the alert was saved with.
                COALESCE((SELECT u.language FROM users u WHERE lower(u.email) = lower(l.email)
                          ORDER BY u.created_at LIMIT 1), l.locale) AS locale
         FROM alerts l JOIN environments e ON e.id = l.environment_id
         WHERE l.id = $1 AND l.enabled AND e.deletion_requested_at IS NULL
         FOR UPDATE OF l SKIP LOCKED`,
          [id],
        );
        if (!alert) return 0;
        return alert.kind === 'timeout'
          ? evaluateTimeout(tx, queue, publicUrl, alert)
          : evaluateThreshold(tx, queue, publicUrl, alert);
      })
      .catch((err: unknown) => {
        if (!log) throw err;
        log.warn({ err, alertId: id }, 'alert evaluation failed');
        return 0;
      });
  }
  return fired;
};

/**
 * Every `intervalSeconds` (ALERT_INTERVAL), each worker process offers an evaluation job; the
 * queue keeps one waiting at a time (a `short` queue), so many workers make one evaluation, taken
 * by any of them.
 */
export const startAlertWorker = async (
  boss: PgBoss,
  db: Db,
  queue: Queue,
  log: Logger,
  options: { intervalSeconds: number; publicUrl: string },
) => {
  await boss.work(queues.alertEvaluation, { pollingIntervalSeconds: 0.5 }, async () => {
    const fired = await evaluateAlerts(db, queue, options.publicUrl, log);
    if (fired) log.info({ fired }, 'alerts fired');
  });
  const offer = () =>
    queue
      .send(db, queues.alertEvaluation, {}, { singletonKey: 'alerts' })
      .catch((err: unknown) => log.warn({ err }, 'alert evaluation not queued'));
  await offer();
  const timer = setInterval(() => void offer(), options.intervalSeconds * 1000);
  return { stop: () => clearInterval(timer) };
};
