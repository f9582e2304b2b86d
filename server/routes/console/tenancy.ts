import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  getEnvironment,
  getOrganisation,
  getProject,
  listEnvironments,
  listProjects,
} from '../../../schemas/contracts/tenancy';
import { contractRoute } from '../../http/contract-route';
import { ClientError, notFound } from '../../http/errors';
import type { Platform } from '../../platform';
import { tenancyRepository } from '../../repositories/tenancy';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids are UUIDs; anything else cannot exist, and says so like any other unknown id. */
const idOr404 = (id: string, what: string) => {
  if (!UUID.test(id)) throw notFound(what);
  return id;
};

/**
 * Reads of organisations, projects and environments for the console shell. A resource of another
 * organisation, or of a project the caller has no access to, answers 404 like a missing one.
 */
export const tenancyRoutes = async (app: FastifyInstance, { platform }: { platform: Platform }) => {
  const tenancy = tenancyRepository(platform.db);
  app.addHook('preHandler', app.authenticate);

  const visibleProject = async (request: FastifyRequest, projectId: string) => {
    const project = await tenancy.getProject(idOr404(projectId, 'Project'));
    const access = await tenancy.accessOf(request.auth.user);
    if (!project || access.projectLevel(project.id) === 'noAccess') throw notFound('Project');
    return { project, level: access.projectLevel(project.id) };
  };

  app.route({
    ...contractRoute(getOrganisation),
    handler: async (request) => {
      const { orgId } = request.params as { orgId: string };
      const access = await tenancy.accessOf(request.auth.user);
      const org = await tenancy.getOrganisation(idOr404(orgId, 'Organisation'));
      if (!org || !access.organisationRole(org.id)) throw notFound('Organisation');
      return org;
    },
  });

  app.route({
    ...contractRoute(listProjects),
    handler: async (request, reply) => {
      const { filter } = request.query as { filter?: string };
      let organisationId: unknown;
      try {
        organisationId = (JSON.parse(filter ?? '{}') as { organisationId?: unknown }).organisationId;
      } catch {
        throw new ClientError(
          400,
          'VALIDATION_FAILED',
          'Invalid request querystring: filter is not valid JSON',
        );
      }
      if (typeof organisationId !== 'string') {
        throw new ClientError(
          400,
          'VALIDATION_FAILED',
          'Invalid request querystring: filter.organisationId is required',
        );
      }
      const access = await tenancy.accessOf(request.auth.user);
      if (!UUID.test(organisationId) || !access.organisationRole(organisationId))
        throw notFound('Organisation');
      const projects = (await tenancy.listProjects(organisationId)).filter(
        (p) => access.projectLevel(p.id) !== 'noAccess',
      );
      reply.header('Content-Range', `projects 0-${Math.max(projects.length - 1, 0)}/${projects.length}`);
      return projects;
    },
  });

  app.route({
    ...contractRoute(getProject),
    handler: async (request) =>
      (await visibleProject(request, (request.params as { projectId: string }).projectId)).project,
  });

  app.route({
    ...contractRoute(listEnvironments),
    handler: async (request) => {
      const { project, level } = await visibleProject(
        request,
        (request.params as { projectId: string }).projectId,
      );
      // Hidden environments are for configurators only (spec §4).
      return tenancy.listEnvironments(project.id, level === 'configurator');
    },
  });

  app.route({
    ...contractRoute(getEnvironment),
    handler: async (request) => {
      const env = await tenancy.getEnvironment(idOr404((request.params as { id: string }).id, 'Environment'));
      if (!env) throw notFound('Environment');
      const { level } = await visibleProject(request, env.projectId).catch(() => {
        throw notFound('Environment');
      });
      if (env.hidden && level !== 'configurator') throw notFound('Environment');
      const { hidden: _hidden, ...detail } = env;
      return detail;
    },
  });
};
