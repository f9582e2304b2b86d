import type { FastifyInstance } from 'fastify';
import { getEnvironment } from '../../schemas/contracts/tenancy';
import { contractRoute } from '../kernel/http/contract-route';
import { notFound } from '../kernel/http/errors';
import { tenancyRepository } from '../kernel/access/tenancy';
import { reaches } from '../resources/access';
import { isUuid } from '../kernel/http/ids';

/**
 * GET /v4/console/api/environment/{id} (spec §7, singular): the environment with its project and
 * organisation names, for document titles and impersonation. Organisations, projects and
 * environments themselves are schema-driven resources (server/resources). An environment of
 * another organisation, of a project the caller cannot open, or hidden from them answers 404 like
 * a missing one.
 */
export const tenancyRoutes = async (app: FastifyInstance) => {
  const tenancy = tenancyRepository(app.db);
  app.addHook('onRequest', app.authenticate);

  app.route({
    ...contractRoute(getEnvironment),
    handler: async (request) => {
      const { id } = request.params as { id: string };
      const env = isUuid(id) ? await tenancy.getEnvironment(id) : undefined;
      if (!env) throw notFound('environment');
      const level = request.auth.access.projectLevel(env.projectId);
      // Hidden environments are for configurators only (spec §4).
      if (!reaches(level, env.hidden ? 'configurator' : 'cockpit')) throw notFound('environment');
      const { hidden: _hidden, ...detail } = env;
      return detail;
    },
  });
};
