import type { FromSchema } from 'json-schema-to-ts';
import { defineResourceSchema } from './_defs/admin';
import { ANALYSIS_STATUSES } from './analysis-result';

/** The periods a threshold alert counts over (spec pipeline-and-testing §9). */
export const ALERT_INTERVALS = ['hour', 'day', 'week', 'month', 'quarter'] as const;
export type AlertInterval = (typeof ALERT_INTERVALS)[number];
export const ALERT_KINDS = ['timeout', 'threshold'] as const;

/** A field of one kind's: hidden in the form while the alert is of the other kind. */
const onlyFor = (kind: (typeof ALERT_KINDS)[number]) =>
  ({
    'ui:widget': 'hidden',
    'ui:options': { when: { kind: kind === 'timeout' ? 'threshold' : 'timeout' } },
  }) as const;

/** Longest wait a timeout alert may watch for: a week. */
export const ALERT_MAX_MINUTES = 10_080;

/**
 * An alert of an environment (spec pipeline-and-testing §3, §4, §9;
 * docs/decisions/dashboard-alerts.md), mailed to `email` while `enabled`:
 * - `timeout`: an analysis still unfinished (waiting or pending) `minutes` after its creation; it
 *   fires once per such analysis;
 * - `threshold`: more than `threshold` analyses created in the current `interval` (UTC hour, day,
 *   ISO week, month or quarter), optionally only those of a `status` or a message `category`; it
 *   fires once per crossing, and again once the count fell back or a new period began.
 * An enabled alert is not edited: it is disabled first (409 `ALERT_ENABLED`), then changed. Its
 * firings are the `alert-firing` resource. Cockpit viewers and above see and manage them (spec §6).
 */
export const alertSchema = defineResourceSchema({
  $id: 'alert',
  type: 'object',
  additionalProperties: false,
  required: ['kind', 'email'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    environmentId: { type: 'string', format: 'uuid' },
    kind: { type: 'string', enum: ALERT_KINDS, default: 'timeout' },
    /** Timeout alerts: minutes an analysis may stay unfinished. */
    minutes: { type: ['integer', 'null'], minimum: 1, maximum: ALERT_MAX_MINUTES },
    /** Threshold alerts: it fires when more analyses than this were created in the period. */
    threshold: { type: ['integer', 'null'], minimum: 0, maximum: 100_000_000 },
    interval: { type: ['string', 'null'], enum: [...ALERT_INTERVALS, null] },
    /** Threshold alerts: count only the analyses of this status. */
    status: { type: ['string', 'null'], enum: [...ANALYSIS_STATUSES, null] },
    /** Threshold alerts: count only the analyses given this message category. */
    category: { type: ['string', 'null'], maxLength: 200 },
    email: { type: 'string', format: 'email', minLength: 3, maxLength: 254 },
    enabled: { type: 'boolean', default: true },
    lastFiredAt: { type: ['string', 'null'], format: 'date-time' },
    ownerName: { type: ['string', 'null'] },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
  },
  'x-admin': {
    scope: 'environment',
    path: 'alerts',
    storage: 'table',
    listColumns: ['kind', 'minutes', 'threshold', 'interval', 'email', 'enabled', 'lastFiredAt'],
    searchFields: ['email'],
    filters: ['kind', 'enabled'],
    defaultSort: { field: 'createdAt', order: 'DESC' },
    recordRepresentation: 'email',
    menu: false,
    access: { read: 'cockpit', write: 'cockpit' },
    errorMessages: {
      email: { format: 'Enter an email address' },
      minutes: { required: 'A timeout alert needs its number of minutes' },
      threshold: { required: 'A threshold alert needs its number of analyses' },
      interval: { required: 'A threshold alert needs its period' },
    },
    readOnly: ['id', 'environmentId', 'lastFiredAt', 'ownerName', 'createdAt', 'updatedAt'],
    uiSchema: {
      'ui:order': ['kind', 'minutes', 'threshold', 'interval', 'status', 'category', 'email', 'enabled', '*'],
      email: { 'ui:options': { inputType: 'email' } },
      // Each kind's form shows its own settings only (the generic form's `when`).
      minutes: onlyFor('timeout'),
      threshold: onlyFor('threshold'),
      interval: onlyFor('threshold'),
      status: onlyFor('threshold'),
      category: onlyFor('threshold'),
    },
  },
});
export type Alert = FromSchema<typeof alertSchema>;
