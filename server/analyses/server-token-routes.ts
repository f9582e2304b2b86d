import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  createServerToken,
  getServerToken,
  readWithServer,
  revokeServerToken as revokeServerTokenCall,
} from '../../schemas/contracts/nlu';
import { setServerState } from '../configuration/server-states';
import { bearerCredentials } from '../kernel/access/access-keys-plugin';
import type { Queryable } from '../kernel/db';
import { contractRoute } from '../kernel/http/contract-route';
import { ClientError, notFound } from '../kernel/http/errors';
import { writeAudit } from '../resources/audit';
import { configurableEnvironment } from '../resources/access';
import { inThread, refuse, TEST_LIMIT } from './nlu-test-routes';
import { readPipelineConfig } from './pipeline-config';
import {
  SERVER_TOKEN_PREFIX,
  makeServerToken,
  revokeServerToken,
  serverOfToken,
  serverToken,
  type ServerTokenRow,
} from './server-tokens';

type Params = { envId: string; id: string };

const state = (row: ServerTokenRow | undefined) => ({
  token: row
    ? {
        prefix: row.prefix,
        createdAt: row.created_at.toISOString(),
        lastUsedAt: row.last_used_at?.toISOString() ?? null,
      }
    : null,
});

const unauthorized = (message: string) => new ClientError(401, 'UNAUTHENTICATED', message);

/**
 * A server's token (docs/decisions/nlu-server-token.md): configurators make, replace and revoke
 * it; a client that holds it reads texts with that one server, `POST /v4/nlu/read`.
 */
export const serverTokenRoutes = async (app: FastifyInstance) => {
  const { db } = app;

  const serverOf = async (request: FastifyRequest<{ Params: Params }>) => {
    const scope = await configurableEnvironment(db, request.auth, request.params.envId);
    const config = await readPipelineConfig(db, scope.id!);
    const server = config.nlu.servers.find((s) => s.id === request.params.id);
    if (!server) throw notFound('server');
    return { scope, server };
  };
  const audit = (
    q: Queryable,
    request: FastifyRequest,
    organisationId: string | undefined,
    id: string,
    action: 'create' | 'delete',
  ) =>
    writeAudit(q, {
      organisationId,
      actorId: request.auth.user.id,
      impersonatorId: request.auth.impersonator?.id,
      action: 'update',
      resource: 'servers',
      recordId: id,
      // Said as "token changed", never its value (audit.ts redacts fields named token).
      before: { token: 'previous' },
      after: { token: action === 'create' ? 'new' : null },
    });

  app.register(async (console) => {
    console.addHook('onRequest', app.authenticate);
    console.route({
      ...contractRoute(getServerToken),
      handler: async (request: FastifyRequest<{ Params: Params }>) =>
        state(await serverToken(db, (await serverOf(request)).server.id)),
    });
    console.route({
      ...contractRoute(createServerToken),
      handler: async (request: FastifyRequest<{ Params: Params }>, reply) => {
        const { scope, server } = await serverOf(request);
        // The audit row exists exactly when the change does.
        const made = await db.transaction(async (tx) => {
          const token = await makeServerToken(tx, scope.id!, server.id, request.auth.user.id);
          await audit(tx, request, scope.organisationId, server.id, 'create');
          return token;
        });
        return reply.code(201).send(made);
      },
    });
    console.route({
      ...contractRoute(revokeServerTokenCall),
      handler: async (request: FastifyRequest<{ Params: Params }>) => {
        const { scope, server } = await serverOf(request);
        await db.transaction(async (tx) => {
          if (await revokeServerToken(tx, server.id))
            await audit(tx, request, scope.organisationId, server.id, 'delete');
        });
        return state(undefined);
      },
    });
  });

  app.route({
    ...contractRoute(readWithServer),
    handler: async (request: FastifyRequest<{ Body: { text: string; language?: string } }>) => {
      const secret = bearerCredentials(request);
      if (!secret?.startsWith(SERVER_TOKEN_PREFIX))
        throw unauthorized('A server token is required: Authorization: Bearer <token>');
      const opened = await serverOfToken(db, secret);
      if (!opened) throw unauthorized('This server token is unknown or was revoked');
      const config = await readPipelineConfig(db, opened.environmentId);
      const server = config.nlu.servers.find((s) => s.id === opened.serverId);
      if (!server) throw unauthorized('This server token is unknown or was revoked');
      const startedNow = server.state !== 'started';
      const answer = await inThread(
        app.pipelines.task(
          'testText',
          [
            [{ server, startedNow }],
            request.body.text,
            request.body.language,
            config.languages.find((l) => l !== 'auto') ?? null,
          ],
          TEST_LIMIT,
        ),
      );
      if ('refused' in answer) throw refuse(answer);
      if (startedNow) await setServerState(db, [server.id], 'started');
      const [read] = answer.servers;
      return {
        server: read.name,
        language: answer.language,
        archetypes: read.archetypes,
        interactions: read.interactions,
        warnings: read.warnings,
        warningMessages: read.warningMessages,
      };
    },
  });
};
