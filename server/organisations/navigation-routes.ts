import type { FastifyInstance } from 'fastify';
import { navigationSearch } from '../../schemas/contracts/navigation';
import { contractRoute } from '../kernel/http/contract-route';
import { tenancyRepository } from '../kernel/access/tenancy';
import { reaches } from '../resources/access';

/** Results per kind: a search box shows a short list, the user types more to narrow it. */
const LIMIT = 8;

/**
 * GET /v4/console/api/navigation?q=… (spec §2: rapid navigation): organisations, projects and
 * environments whose name contains `q`, among those the caller may open — their organisations,
 * projects where they hold a level, environments of those (hidden ones for configurators only).
 */
export const navigationRoutes = async (app: FastifyInstance) => {
  const tenancy = tenancyRepository(app.db);
  app.route({
    ...contractRoute(navigationSearch),
    onRequest: app.authenticate,
    handler: async (request) => {
      const { q } = request.query as { q: string };
      const { user, access } = request.auth;
      const found = await tenancy.searchByName(
        q,
        { staff: user.is_staff, orgIds: access.orgIds },
        { organisations: LIMIT, candidates: 200 },
      );
      // Projects and environments: read among the caller's organisations, then kept by level.
      const projects = found.projects.filter((p) => reaches(access.projectLevel(p.id), 'cockpit'));
      const environments = found.environments.filter((e) =>
        reaches(access.projectLevel(e.project_id), e.visibility === 'hidden' ? 'configurator' : 'cockpit'),
      );
      return {
        organisations: found.organisations,
        projects: projects
          .slice(0, LIMIT)
          .map((p) => ({ id: p.id, name: p.name, organisationName: p.organisation_name })),
        environments: environments
          .slice(0, LIMIT)
          .map((e) => ({ id: e.id, name: e.name, projectId: e.project_id, projectName: e.project_name })),
      };
    },
  });
};
