import type { Queryable } from '../db';
import { first } from '../db';
import type { CurrentUser, ProjectAccessLevel } from '../../../schemas/contracts/auth';
import type { EnvironmentDetail, EnvironmentSummary, Project } from '../../../schemas/contracts/tenancy';
import type { UserRow } from './users';

type OrgRow = { id: string; name: string };
type ProjectRow = {
  id: string;
  organisation_id: string;
  name: string;
  type: 'nlu' | 'ic';
  notes: string;
  created_at: Date;
};
type EnvRow = {
  id: string;
  project_id: string;
  name: string;
  visibility: 'public' | 'hidden';
  created_at: Date;
};

const toProject = (r: ProjectRow): Project => ({
  id: r.id,
  organisationId: r.organisation_id,
  name: r.name,
  type: r.type,
  notes: r.notes,
  createdAt: r.created_at.toISOString(),
});
const toEnvironment = (r: EnvRow): EnvironmentSummary => ({
  id: r.id,
  projectId: r.project_id,
  name: r.name,
  visibility: r.visibility,
  createdAt: r.created_at.toISOString(),
});

/** Who may see what (spec §6): staff everything, organisation admins every project of their organisation. */
export interface Access {
  organisationRole(orgId: string): 'admin' | 'notAdmin' | undefined;
  projectLevel(projectId: string): ProjectAccessLevel;
}

export type UserAccess = Access & { orgIds: string[] };

/**
 * Columns that read a user's access in the same query that reads the user (`u` = the users row):
 * one round trip per request instead of four. Memberships as [organisation, isAdmin]; every
 * project of those organisations as [project, organisation, level or null].
 */
const ACCESS_COLUMNS = `
  coalesce((SELECT json_agg(json_build_array(m.organisation_id, m.is_admin))
            FROM memberships m WHERE m.user_id = u.id), '[]'::json) AS access_memberships,
  coalesce((SELECT json_agg(json_build_array(p.id, p.organisation_id, pa.level))
            FROM memberships m JOIN projects p ON p.organisation_id = m.organisation_id
            LEFT JOIN project_access pa ON pa.project_id = p.id AND pa.user_id = u.id
            WHERE m.user_id = u.id), '[]'::json) AS access_projects`;

type AccessColumns = {
  access_memberships: [string, boolean][];
  access_projects: [string, string, ProjectAccessLevel | null][];
};

const accessFrom = (user: Pick<UserRow, 'is_staff'>, row: AccessColumns): UserAccess => {
  const roles = new Map(
    row.access_memberships.map(([org, admin]) => [org, admin ? 'admin' : 'notAdmin'] as const),
  );
  const projects = new Map(row.access_projects.map(([project, org, level]) => [project, { org, level }]));
  return {
    orgIds: [...roles.keys()],
    organisationRole: (orgId) => (user.is_staff ? 'admin' : roles.get(orgId)),
    projectLevel: (projectId) => {
      if (user.is_staff) return 'configurator';
      const project = projects.get(projectId);
      if (!project) return 'noAccess';
      if (roles.get(project.org) === 'admin') return 'configurator';
      return project.level ?? 'noAccess';
    },
  };
};

/** Organisations, projects and environments, always read through the caller's access. */
export const tenancyRepository = (db: Queryable) => {
  /**
   * A user found by id or by username (case-insensitive), with their access, in one query. Given
   * the token's session id, the same query says whether that session of the user is live and
   * whether its last use is over a minute old (docs/security.md, "Sessions"): the check every
   * request makes costs no round trip of its own.
   */
  const userWithAccess = async (by: 'id' | 'username', value: string, sessionId?: string) => {
    const where = by === 'id' ? 'u.id = $1' : 'lower(u.username) = lower($1)';
    const sessionColumn =
      sessionId === undefined
        ? ''
        : `, (SELECT json_build_array(s.revoked_at IS NULL AND s.expires_at > now(),
                                      s.last_used_at < now() - interval '1 minute')
              FROM sessions s WHERE s.id = $2 AND s.user_id = u.id) AS session_state`;
    const [row] = await db.query<UserRow & AccessColumns & { session_state?: [boolean, boolean] | null }>(
      `SELECT u.*, ${ACCESS_COLUMNS}${sessionColumn} FROM users u WHERE ${where}`,
      sessionId === undefined ? [value] : [value, sessionId],
    );
    if (!row) return undefined;
    const { access_memberships, access_projects, session_state, ...user } = row;
    return {
      user: user as UserRow,
      access: accessFrom(user, { access_memberships, access_projects }),
      /** With a session id: live (not revoked, not expired) and stale (last used over a minute ago). */
      session: session_state ? { live: session_state[0], stale: session_state[1] } : undefined,
    };
  };

  return {
    userWithAccess,

    /** The organisations map of GET /v4/console/api/user. */
    organisationsOf: async (user: UserRow, access: UserAccess): Promise<CurrentUser['organisations']> => {
      const orgs = await db.query<OrgRow>(
        user.is_staff
          ? 'SELECT * FROM organisations ORDER BY name'
          : 'SELECT * FROM organisations WHERE id = ANY($1::uuid[]) ORDER BY name',
        user.is_staff ? [] : [access.orgIds],
      );
      const projects = await db.query<ProjectRow>(
        'SELECT * FROM projects WHERE organisation_id = ANY($1::uuid[]) ORDER BY name',
        [orgs.map((o) => o.id)],
      );
      const marks = new Map(
        (
          await db.query<{ project_id: string; favourite: boolean; quick_access: boolean }>(
            'SELECT project_id, favourite, quick_access FROM project_marks WHERE user_id = $1',
            [user.id],
          )
        ).map((m) => [m.project_id, m]),
      );
      return Object.fromEntries(
        orgs.map((o) => [
          o.id,
          {
            id: o.id,
            name: o.name,
            role: access.organisationRole(o.id) ?? 'notAdmin',
            projects: Object.fromEntries(
              projects
                .filter((p) => p.organisation_id === o.id)
                .map((p) => [
                  p.id,
                  {
                    id: p.id,
                    name: p.name,
                    access: access.projectLevel(p.id),
                    favourite: marks.get(p.id)?.favourite ?? false,
                    quickAccess: marks.get(p.id)?.quick_access ?? false,
                  },
                ]),
            ),
          },
        ]),
      );
    },

    getProject: async (id: string) =>
      first(db.query<ProjectRow>('SELECT * FROM projects WHERE id = $1', [id])).then(
        (r) => r && toProject(r),
      ),

    getEnvironment: async (id: string): Promise<(EnvironmentDetail & { hidden: boolean }) | undefined> => {
      const row = await first(
        db.query<EnvRow & { project_name: string; organisation_id: string; organisation_name: string }>(
          `SELECT e.*, p.name AS project_name, o.id AS organisation_id, o.name AS organisation_name
           FROM environments e JOIN projects p ON p.id = e.project_id JOIN organisations o ON o.id = p.organisation_id
           WHERE e.id = $1 AND e.deletion_requested_at IS NULL`,
          [id],
        ),
      );
      if (!row) return undefined;
      return {
        ...toEnvironment(row),
        projectName: row.project_name,
        organisationId: row.organisation_id,
        organisationName: row.organisation_name,
        hidden: row.visibility === 'hidden',
      };
    },

    /**
     * Organisations, projects and environments whose name contains `text` (LIKE's wildcards taken
     * literally), in the given organisations or anywhere for staff: at most `organisations` of the
     * first and `candidates` of the others, which the caller then keeps by level.
     */
    searchByName: async (
      text: string,
      within: { staff: boolean; orgIds: string[] },
      limits: { organisations: number; candidates: number },
    ) => {
      const like = `%${text.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const params = [like, within.staff, within.orgIds];
      const [organisations, projects, environments] = await Promise.all([
        db.query<{ id: string; name: string }>(
          `SELECT id, name FROM organisations WHERE name ILIKE $1 ESCAPE '\\'
             AND ($2::boolean OR id = ANY($3::uuid[])) ORDER BY lower(name) LIMIT ${limits.organisations}`,
          params,
        ),
        db.query<{ id: string; name: string; organisation_name: string }>(
          `SELECT p.id, p.name, o.name AS organisation_name FROM projects p
           JOIN organisations o ON o.id = p.organisation_id
           WHERE p.name ILIKE $1 ESCAPE '\\' AND ($2::boolean OR p.organisation_id = ANY($3::uuid[]))
           ORDER BY lower(p.name) LIMIT ${limits.candidates}`,
          params,
        ),
        db.query<{ id: string; name: string; project_id: string; project_name: string; visibility: string }>(
          `SELECT e.id, e.name, e.project_id, p.name AS project_name, e.visibility FROM environments e
           JOIN projects p ON p.id = e.project_id
           WHERE e.name ILIKE $1 ESCAPE '\\' AND e.deletion_requested_at IS NULL
             AND ($2::boolean OR p.organisation_id = ANY($3::uuid[]))
           ORDER BY lower(e.name) LIMIT ${limits.candidates}`,
          params,
        ),
      ]);
      return { organisations, projects, environments };
    },

    /** Sets a user's marks on a project; a mark left undefined keeps its stored value (false for a new row). */
    setProjectMarks: async (
      userId: string,
      projectId: string,
      marks: { favourite?: boolean; quickAccess?: boolean },
    ) => {
      const [row] = await db.query<{ favourite: boolean; quick_access: boolean }>(
        `INSERT INTO project_marks (user_id, project_id, favourite, quick_access)
         VALUES ($1, $2, coalesce($3::boolean, false), coalesce($4::boolean, false))
         ON CONFLICT (user_id, project_id) DO UPDATE SET
           favourite = coalesce($3::boolean, project_marks.favourite),
           quick_access = coalesce($4::boolean, project_marks.quick_access)
         RETURNING favourite, quick_access`,
        [userId, projectId, marks.favourite ?? null, marks.quickAccess ?? null],
      );
      return { favourite: row.favourite, quickAccess: row.quick_access };
    },
  };
};

export type TenancyRepository = ReturnType<typeof tenancyRepository>;
