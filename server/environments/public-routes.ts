import type { FastifyInstance } from 'fastify';
import { keyEnvironment } from '../../schemas/contracts/public';
import { environmentOfKey } from './repository';
import { contractRoute } from '../kernel/http/contract-route';
import { ClientError } from '../kernel/http/errors';

/**
 * GET /v4/api/environment: the environment an access key opens, so that a machine client can check
 * its key and read the languages it may send. Every public route takes its environment from the
 * key, never from the request: a key cannot name another environment.
 */
export const publicEnvironmentRoutes = async (app: FastifyInstance) => {
  app.route({
    ...contractRoute(keyEnvironment),
    onRequest: app.authenticateKey,
    handler: async (request) => {
      const env = await environmentOfKey(app.db, request.key.environmentId);
      // The key was found with its environment a moment ago; a deletion in between is a 401 too.
      if (!env) throw new ClientError(401, 'UNAUTHENTICATED', 'This access key is unknown or was revoked');
      return { id: env.id, projectId: env.project_id, name: env.name, languages: env.languages ?? ['fr'] };
    },
  });
};
