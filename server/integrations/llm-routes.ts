import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  getEnvironmentLlm,
  removeEnvironmentLlm,
  saveEnvironmentLlm,
  type EnvironmentLlm,
} from '../../schemas/contracts/llm';
import type { Queryable } from '../kernel/db';
import { outboundPolicy, refuseUrl, urlRefusalProblem } from '../kernel/outbound';
import { contractRoute } from '../kernel/http/contract-route';
import {
  deleteEnvironmentLlm,
  readEnvironmentLlm,
  writeEnvironmentLlm,
} from '../configuration/environment-llm';
import { configurableEnvironment, type Scope } from '../resources/access';
import { writeAudit } from '../resources/audit';
import { validationError } from '../resources/validation';

type Params = { envId: string };
type Body = { baseUrl: string; model: string; apiKey?: string };

/**
 * An environment's own LLM endpoint (schemas/contracts/llm.ts): configurators set it, check it like
 * a webhook's URL, and never read its key back. Audit-logged without the key.
 */
export const llmRoutes = async (app: FastifyInstance) => {
  const { db, config } = app;
  const policy = outboundPolicy(config.outboundAllow);
  app.addHook('onRequest', app.authenticate);

  const view = async (q: Queryable, environmentId: string): Promise<EnvironmentLlm> => {
    const own = await readEnvironmentLlm(q, environmentId);
    return {
      override: own ? { baseUrl: own.baseUrl, model: own.model, apiKeySet: own.apiKey !== null } : null,
      deployment: { configured: Boolean(config.llm), model: config.llm?.model ?? null },
    };
  };
  const audit = (q: Queryable, request: FastifyRequest, scope: Scope, before: unknown, after: unknown) =>
    writeAudit(q, {
      organisationId: scope.organisationId,
      actorId: request.auth.user.id,
      impersonatorId: request.auth.impersonator?.id,
      action: after ? 'update' : 'delete',
      resource: 'environment-llm',
      recordId: scope.id!,
      before: before as Record<string, unknown> | undefined,
      after: after as Record<string, unknown> | undefined,
    });
  /** What the audit log keeps of an endpoint: never its key. */
  const shown = (v: EnvironmentLlm) => (v.override ? { ...v.override } : undefined);

  app.route({
    ...contractRoute(getEnvironmentLlm),
    handler: async (request: FastifyRequest<{ Params: Params }>) => {
      const scope = await configurableEnvironment(db, request.auth, request.params.envId);
      return view(db, scope.id!);
    },
  });

  app.route({
    ...contractRoute(saveEnvironmentLlm),
    handler: async (request: FastifyRequest<{ Params: Params; Body: Body }>) => {
      const scope = await configurableEnvironment(db, request.auth, request.params.envId);
      const baseUrl = request.body.baseUrl.trim().replace(/\/+$/, '');
      const refused = refuseUrl(baseUrl, policy);
      if (refused) throw validationError([urlRefusalProblem('baseUrl', refused)]);
      return db.transaction(async (tx) => {
        const before = await view(tx, scope.id!);
        await writeEnvironmentLlm(tx, scope.id!, {
          ...request.body,
          baseUrl,
          model: request.body.model.trim(),
        });
        const after = await view(tx, scope.id!);
        await audit(tx, request, scope, shown(before), shown(after));
        return after;
      });
    },
  });

  app.route({
    ...contractRoute(removeEnvironmentLlm),
    handler: async (request: FastifyRequest<{ Params: Params }>) => {
      const scope = await configurableEnvironment(db, request.auth, request.params.envId);
      return db.transaction(async (tx) => {
        const before = await view(tx, scope.id!);
        await deleteEnvironmentLlm(tx, scope.id!);
        await audit(tx, request, scope, shown(before), undefined);
        return view(tx, scope.id!);
      });
    },
  });
};
