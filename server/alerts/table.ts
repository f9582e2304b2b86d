import { randomUUID } from 'node:crypto';
import type { ResourceSchema } from '../../schemas/_defs/admin';
import { ClientError } from '../kernel/http/errors';
import { selectOf, sqlReads } from '../resources/sql-reads';
import type { ResourceRecord, ResourceStore } from '../resources/store';
import { validationError } from '../resources/validation';

const columns = {
  id: 'l.id',
  environmentId: 'l.environment_id',
  kind: 'l.kind',
  minutes: 'l.minutes',
  threshold: 'l.threshold',
  interval: 'l.period',
  status: 'l.status',
  category: 'l.category',
  email: 'l.email',
  enabled: 'l.enabled',
  lastFiredAt: 'l.last_fired_at',
  ownerName: 'owner.username',
  createdAt: 'l.created_at',
  updatedAt: 'l.updated_at',
};

/** What a client writes of an alert; an enabled alert may only have `enabled` changed. */
const SETTINGS = ['kind', 'minutes', 'threshold', 'interval', 'status', 'category', 'email'] as const;

const orNull = (v: unknown) => (v === undefined || v === '' ? null : v);

/**
 * The stored columns of an alert. Each kind reads its own settings (a timeout alert its minutes, a
 * threshold alert its threshold, period and filters); those of the other kind are kept as given, so
 * switching back finds them. A missing one of its own kind is a 400 on its field.
 */
const settingsOf = (data: Record<string, unknown>) => {
  const kind = data.kind === 'threshold' ? 'threshold' : 'timeout';
  const s = {
    kind,
    minutes: orNull(data.minutes),
    threshold: orNull(data.threshold),
    interval: orNull(data.interval),
    status: orNull(data.status),
    category: orNull(typeof data.category === 'string' ? data.category.trim() : null),
    email: String(data.email).trim(),
  };
  const missing = (kind === 'timeout' ? (['minutes'] as const) : (['threshold', 'interval'] as const)).filter(
    (field) => s[field] === null,
  );
  if (missing.length) {
    const words = {
      minutes: 'A timeout alert needs its number of minutes',
      threshold: 'A threshold alert needs its number of analyses',
      interval: 'A threshold alert needs its period',
    };
    throw validationError(
      missing.map((path) => ({ path, keyword: 'required', custom: true, message: words[path] })),
    );
  }
  return s;
};

/** 409 ALERT_ENABLED: spec pipeline §4, an alert is disabled before it is edited. */
export const alertEnabled = () =>
  new ClientError(409, 'ALERT_ENABLED', 'Disable the alert before changing it');

const changed = (before: ResourceRecord, after: ReturnType<typeof settingsOf>) =>
  SETTINGS.some((field) => (before[field] ?? null) !== (after[field] ?? null));

/**
 * Alerts of an environment (their own table: the evaluation job reads the enabled ones of every
 * environment). Saving one sets the language of its mails to the saver's.
 */
export const alertsStore = (schema: ResourceSchema): ResourceStore => {
  const { reread, ...reads } = sqlReads({
    schema,
    from: 'alerts l LEFT JOIN users owner ON owner.id = l.owner_id',
    select: selectOf(columns),
    idExpr: 'l.id',
    scopeExpr: 'l.environment_id',
    fields: columns,
  });
  return {
    ...reads,
    create: async (q, ctx, data) => {
      const s = settingsOf(data);
      const id = randomUUID();
      await q.query(
        `INSERT INTO alerts (id, environment_id, kind, minutes, threshold, period, status, category, email,
                             enabled, locale, owner_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
        [
          id,
          ctx.scopeId,
          s.kind,
          s.minutes,
          s.threshold,
          s.interval,
          s.status,
          s.category,
          s.email,
          data.enabled ?? true,
          ctx.locale,
          ctx.actor.id,
        ],
      );
      return reread(q, id);
    },
    update: async (q, ctx, before, data) => {
      const s = settingsOf(data);
      if (before.enabled === true && changed(before, s)) throw alertEnabled();
      // Changed settings start afresh: a threshold alert is armed again.
      await q.query(
        `UPDATE alerts SET kind = $2, minutes = $3, threshold = $4, period = $5, status = $6, category = $7,
                email = $8, enabled = $9, locale = $10, updated_at = now(),
                fired_period = CASE WHEN $11 THEN NULL ELSE fired_period END
         WHERE id = $1`,
        [
          before.id,
          s.kind,
          s.minutes,
          s.threshold,
          s.interval,
          s.status,
          s.category,
          s.email,
          data.enabled,
          ctx.locale,
          changed(before, s),
        ],
      );
      return reread(q, before.id);
    },
    delete: async (q, _ctx, before) => {
      await q.query('DELETE FROM alerts WHERE id = $1', [before.id]);
    },
  };
};
