import type { FastifyInstance } from 'fastify';
import { navigationSearch } from '../../../schemas/contracts/navigation';
import { contractRoute } from '../../kernel/http/contract-route';
import type { Platform } from '../../platform-type';
import { reaches } from '../../resources/access';

/** Results per kind: a search box shows a short list, the user types more to narrow it. */
const LIMIT = 8;

const pattern = (q: string) => `%${q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * GET /v4/console/api/navigation?q=… (spec §2: rapid navigation): organisations, projects and
 * environments whose name contains `q`, among those the caller may open — their organisations,
 * projects where they hold a level, environments of those (hidden ones for configurators only).
 */
export const navigationRoutes = async (app: FastifyInstance, { platform }: { platform: Platform }) => {
  const { db } = platform;
  app.route({
    ...contractRoute(navigationSearch),
    onRequest: app.authenticate,
    handler: async (request) => {
      const { q } = request.query as { q: string };
      const { user, access } = request.auth;
      const like = pattern(q);
      const staff = user.is_staff;
      const orgs = await db.query<{ id: string; name: string }>(
        `SELECT id, name FROM organisations WHERE name ILIKE $1 ESCAPE '\\'
           AND ($2::boolean OR id = ANY($3::uuid[])) ORDER BY lower(name) LIMIT ${LIMIT}`,
        [like, staff, access.orgIds],
      );
      // Projects and environments: read among the caller's organisations, then kept by level.
      const projects = (
        await db.query<{ id: string; name: string; organisation_name: string }>(
          `SELECT p.id, p.name, o.name AS organisation_name FROM projects p
           JOIN organisations o ON o.id = p.organisation_id
           WHERE p.name ILIKE $1 ESCAPE '\\' AND ($2::boolean OR p.organisation_id = ANY($3::uuid[]))
           ORDER BY lower(p.name) LIMIT 200`,
          [like, staff, access.orgIds],
        )
      ).filter((p) => reaches(access.projectLevel(p.id), 'cockpit'));
      const environments = (
        await db.query<{
          id: string;
          name: string;
          project_id: string;
          project_name: string;
          visibility: string;
        }>(
          `SELECT e.id, e.name, e.project_id, p.name AS project_name, e.visibility FROM environments e
           JOIN projects p ON p.id = e.project_id
           WHERE e.name ILIKE $1 ESCAPE '\\' AND e.deletion_requested_at IS NULL
             AND ($2::boolean OR p.organisation_id = ANY($3::uuid[]))
           ORDER BY lower(e.name) LIMIT 200`,
          [like, staff, access.orgIds],
        )
      ).filter((e) =>
        reaches(access.projectLevel(e.project_id), e.visibility === 'hidden' ? 'configurator' : 'cockpit'),
      );
      return {
        organisations: orgs,
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
