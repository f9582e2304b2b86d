import { z } from 'zod';
import { defineCall } from './define';

/**
 * The webhooks' calls beyond their generic CRUD and the deliveries list (DESIGN.md §6 Output): one
 * delivery's payload and attempts, and replays — of one delivery, or of every failed delivery of a
 * webhook since a date. A replay starts a new series of attempts (7) on the same delivery: the
 * receiver sees the same X-Delivery-Id.
 */
const deliveryParams = z.object({ envId: z.string(), id: z.string() });

export const deliveryAttempt = z.object({
  attempt: z.number().int(),
  startedAt: z.string(),
  durationMs: z.number().int(),
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
  errorCode: z.string().nullable(),
  errorParams: z.record(z.string(), z.unknown()).nullable(),
});
export type DeliveryAttempt = z.infer<typeof deliveryAttempt>;

export const getDeliveryDetail = defineCall({
  method: 'GET',
  path: '/v4/console/api/environments/{envId}/webhook-deliveries/{id}/detail',
  params: deliveryParams,
  response: z.object({
    /** The exact JSON body posted (and signed) at each attempt. */
    payload: z.unknown(),
    attempts: z.array(deliveryAttempt),
  }),
});

const replayed = z.object({ replayed: z.number().int() });

/** 409 DELIVERY_IN_PROGRESS while its attempts go on. */
export const replayDelivery = defineCall({
  method: 'POST',
  path: '/v4/console/api/environments/{envId}/webhook-deliveries/{id}/replay',
  params: deliveryParams,
  response: replayed,
});

export const replayFailedDeliveries = defineCall({
  method: 'POST',
  path: '/v4/console/api/environments/{envId}/webhooks/{id}/replay-failed',
  params: deliveryParams,
  body: z.object({ since: z.iso.datetime({ offset: true }) }),
  response: replayed,
});
