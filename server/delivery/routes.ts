import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  getDeliveryDetail,
  replayDelivery,
  replayFailedDeliveries,
} from '../../schemas/contracts/webhooks';
import {
  DELIVERY_IN_PROGRESS,
  deliveryAttempts,
  deliveryPayload,
  deliveryStatus,
  hasWebhook,
  replayFailedSince,
  replayOneDelivery,
} from './deliveries';
import { contractRoute } from '../kernel/http/contract-route';
import { notFound } from '../kernel/http/errors';
import { configurableEnvironment, requireLevel, resolveScope } from '../resources/access';
import { writeAudit } from '../resources/audit';
import { isUuid } from '../kernel/http/ids';

type Params = { envId: string; id: string };

const deliveryNotFound = () => notFound('webhook-delivery', 'The delivery does not exist');

/**
 * Webhook deliveries beyond their list (schemas/contracts/webhooks.ts): a delivery's payload and
 * attempts for those who read deliveries (qualifiers and above, as the analysis's Output tab), and
 * replays for configurators.
 */
export const webhookRoutes = async (app: FastifyInstance) => {
  const { db } = app;
  app.addHook('onRequest', app.authenticate);

  const audit = (
    request: FastifyRequest,
    organisationId: string | undefined,
    recordId: string,
    after: object,
  ) =>
    writeAudit(db, {
      organisationId,
      actorId: request.auth.user.id,
      impersonatorId: request.auth.impersonator?.id,
      action: 'update',
      resource: 'webhook-deliveries',
      recordId,
      after: after as Record<string, unknown>,
    });

  app.route({
    ...contractRoute(getDeliveryDetail),
    handler: async (request: FastifyRequest<{ Params: Params }>, reply: FastifyReply) => {
      const scope = await resolveScope(db, request.auth, 'environment', request.params.envId);
      requireLevel(request.auth, scope, 'qualifier');
      if (!isUuid(request.params.id)) throw deliveryNotFound();
      // The body as text: the payload is spliced into the answer as stored.
      const payload = await deliveryPayload(db, request.params.id, scope.id!);
      if (payload === undefined) throw deliveryNotFound();
      const attempts = await deliveryAttempts(db, request.params.id);
      const rest = JSON.stringify(
        attempts.map((a) => ({ ...a, startedAt: new Date(a.startedAt).toISOString() })),
      );
      return reply.type('application/json').send(`{"payload":${payload},"attempts":${rest}}`);
    },
  });

  app.route({
    ...contractRoute(replayDelivery),
    handler: async (request: FastifyRequest<{ Params: Params }>) => {
      const scope = await configurableEnvironment(db, request.auth, request.params.envId);
      if (!isUuid(request.params.id)) throw deliveryNotFound();
      const status = await deliveryStatus(db, request.params.id, scope.id!);
      if (status === undefined) throw deliveryNotFound();
      if (status === 'pending') throw DELIVERY_IN_PROGRESS();
      const ids = await replayOneDelivery(db, request.params.id);
      if (ids.length === 0) throw DELIVERY_IN_PROGRESS();
      await audit(request, scope.organisationId, request.params.id, { replayed: true });
      return { replayed: ids.length };
    },
  });

  app.route({
    ...contractRoute(replayFailedDeliveries),
    handler: async (request: FastifyRequest<{ Params: Params; Body: { since: string } }>) => {
      const scope = await configurableEnvironment(db, request.auth, request.params.envId);
      if (!isUuid(request.params.id)) throw notFound('webhook', 'The webhook does not exist');
      if (!(await hasWebhook(db, request.params.id, scope.id!)))
        throw notFound('webhook', 'The webhook does not exist');
      const ids = await replayFailedSince(db, request.params.id, request.body.since);
      await audit(request, scope.organisationId, request.params.id, {
        replayedFailedSince: request.body.since,
        replayed: ids.length,
      });
      return { replayed: ids.length };
    },
  });
};
