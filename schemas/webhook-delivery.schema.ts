import type { FromSchema } from 'json-schema-to-ts';
import { defineResourceSchema } from './_defs/admin';

/**
 * One delivery of an analysis to a webhook (spec pipeline §3 "webhook deliveries": payload,
 * attempts, delivered at, error date): pending while attempts remain, then delivered or failed.
 * Made by the platform, never by a client; replayed by a call of its own (schemas/contracts/webhooks.ts).
 * Its payload and each attempt are read by that call too.
 */
export const webhookDeliverySchema = defineResourceSchema({
  $id: 'webhook-delivery',
  type: 'object',
  additionalProperties: false,
  properties: {
    id: { type: 'string', format: 'uuid' },
    environmentId: { type: 'string', format: 'uuid' },
    webhookId: { type: 'string', format: 'uuid' },
    webhookUrl: { type: 'string' },
    analysisId: { type: ['string', 'null'], format: 'uuid' },
    analysisName: { type: ['string', 'null'] },
    status: { type: 'string', enum: ['pending', 'delivered', 'failed'] },
    attempts: { type: 'integer' },
    statusCode: { type: ['integer', 'null'] },
    /** The last failure, in the server's words; `errorCode` and `errorParams` give the console's. */
    error: { type: ['string', 'null'] },
    errorCode: { type: ['string', 'null'] },
    errorParams: { type: ['object', 'null'] },
    durationMs: { type: ['integer', 'null'] },
    nextAttemptAt: { type: ['string', 'null'], format: 'date-time' },
    deliveredAt: { type: ['string', 'null'], format: 'date-time' },
    errorAt: { type: ['string', 'null'], format: 'date-time' },
    createdAt: { type: 'string', format: 'date-time' },
  },
  'x-admin': {
    scope: 'environment',
    path: 'webhook-deliveries',
    storage: 'table',
    listColumns: [
      'createdAt',
      'analysisName',
      'webhookUrl',
      'status',
      'attempts',
      'statusCode',
      'deliveredAt',
      'errorAt',
    ],
    searchFields: ['analysisName'],
    filters: ['status', 'webhookId', 'analysisId'],
    defaultSort: { field: 'createdAt', order: 'DESC' },
    recordRepresentation: 'id',
    menu: false,
    access: { read: 'qualifier', write: 'staff' },
    readOnly: [
      'id',
      'environmentId',
      'webhookId',
      'webhookUrl',
      'analysisId',
      'analysisName',
      'status',
      'attempts',
      'statusCode',
      'error',
      'errorCode',
      'errorParams',
      'durationMs',
      'nextAttemptAt',
      'deliveredAt',
      'errorAt',
      'createdAt',
    ],
    operations: ['list', 'show'],
  },
});
export type WebhookDelivery = FromSchema<typeof webhookDeliverySchema>;
