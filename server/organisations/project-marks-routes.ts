import type { FastifyInstance } from 'fastify';
import { setProjectMarks } from '../../schemas/contracts/tenancy';
import { contractRoute } from '../kernel/http/contract-route';
import { notFound } from '../kernel/http/errors';
import { tenancyRepository } from '../kernel/access/tenancy';
import { reaches } from '../resources/access';
import { isUuid } from '../kernel/http/ids';

/**
 * PUT /v4/console/api/projects/{projectId}/marks (spec platform-shell §3): the caller marks a
 * project they can see as a favourite and / or as quick access. Only the given marks change; the
 * answer is both marks as stored. A project the caller cannot open answers 404 like a missing one.
 */
export const projectMarksRoutes = async (app: FastifyInstance) => {
  const { db } = app;
  const tenancy = tenancyRepository(db);

  app.route({
    ...contractRoute(setProjectMarks),
    onRequest: app.authenticate,
    handler: async (request) => {
      const { projectId } = request.params as { projectId: string };
      const { favourite, quickAccess } = request.body as { favourite?: boolean; quickAccess?: boolean };
      const { user } = request.auth;
      // Staff reach every id, existing or not: the project itself must be there too.
      const visible =
        isUuid(projectId) &&
        reaches(request.auth.access.projectLevel(projectId), 'cockpit') &&
        (await tenancy.getProject(projectId)) !== undefined;
      if (!visible) throw notFound('project');
      // A mark left out keeps its stored value (false for a new row).
      return tenancy.setProjectMarks(user.id, projectId, { favourite, quickAccess });
    },
  });
};
