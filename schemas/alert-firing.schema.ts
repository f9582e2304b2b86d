import type { FromSchema } from 'json-schema-to-ts';
import { defineResourceSchema } from './_defs/admin';

/**
 * One firing of an alert (docs/decisions/dashboard-alerts.md), made by the alert evaluation job
 * (server/alerts/evaluate.ts), never by a client: for a timeout alert, the analysis found
 * unfinished; for a threshold alert, the start of the period crossed and the count seen. Both were
 * mailed to `email`.
 */
export const alertFiringSchema = defineResourceSchema({
  $id: 'alert-firing',
  type: 'object',
  additionalProperties: false,
  properties: {
    id: { type: 'string', format: 'uuid' },
    environmentId: { type: 'string', format: 'uuid' },
    alertId: { type: 'string', format: 'uuid' },
    kind: { type: 'string', enum: ['timeout', 'threshold'] },
    analysisId: { type: ['string', 'null'], format: 'uuid' },
    analysisName: { type: ['string', 'null'] },
    periodStart: { type: ['string', 'null'], format: 'date-time' },
    count: { type: ['integer', 'null'] },
    email: { type: 'string' },
    createdAt: { type: 'string', format: 'date-time' },
  },
  'x-admin': {
    scope: 'environment',
    path: 'alert-firings',
    storage: 'table',
    listColumns: ['createdAt', 'kind', 'analysisName', 'periodStart', 'count', 'email'],
    searchFields: ['analysisName'],
    filters: ['kind'],
    defaultSort: { field: 'createdAt', order: 'DESC' },
    recordRepresentation: 'id',
    menu: false,
    access: { read: 'cockpit', write: 'staff' },
    readOnly: [
      'id',
      'environmentId',
      'alertId',
      'kind',
      'analysisId',
      'analysisName',
      'periodStart',
      'count',
      'email',
      'createdAt',
    ],
    operations: ['list', 'show'],
  },
});
export type AlertFiring = FromSchema<typeof alertFiringSchema>;
