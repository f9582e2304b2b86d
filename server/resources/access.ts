import type { AccessLevel, ResourceScope } from '../../schemas/_defs/admin';
import type { ProjectAccessLevel } from '../../schemas/contracts/auth';
import type { Queryable } from '../kernel/db';
import { first } from '../kernel/db';
import { forbidden, notFound } from '../kernel/http/errors';
import type { RequestAuth } from '../kernel/access/plugin';
import { isUuid } from '../kernel/http/ids';

/** Who calls: the acting user (impersonated when staff switch), its impersonator, its rights. */
export type Caller = RequestAuth;

/** The organisation, project or environment a request addresses, once the caller may see it. */
export interface Scope {
  kind: ResourceScope;
  /** The scope's own id; undefined for the platform scope. */
  id: string | undefined;
  organisationId: string | undefined;
  projectId?: string;
  /** The caller's level on `projectId`. */
  projectLevel?: ProjectAccessLevel;
}

const RANK: Record<ProjectAccessLevel, number> = { noAccess: 0, cockpit: 1, qualifier: 2, configurator: 3 };
export const isProjectLevel = (level: AccessLevel): level is Exclude<ProjectAccessLevel, 'noAccess'> =>
  level === 'cockpit' || level === 'qualifier' || level === 'configurator';
export const reaches = (held: ProjectAccessLevel, needed: ProjectAccessLevel) => RANK[held] >= RANK[needed];

/** "Not found" for what does not exist and for what the caller may not know exists (DESIGN.md §5). */
const hidden = (kind: ResourceScope) =>
  notFound(kind === 'environment' ? 'environment' : kind === 'project' ? 'project' : 'organisation');

/**
 * Resolves a scope id to its organisation (and project), or 404: unknown, not a UUID, another
 * organisation's, or an environment hidden from this caller (spec §4: hidden ones are for configurators).
 */
export const resolveScope = async (
  q: Queryable,
  caller: Caller,
  kind: ResourceScope,
  id: string | undefined,
): Promise<Scope> => {
  if (kind === 'platform') return { kind, id: undefined, organisationId: undefined };
  if (id === undefined || !isUuid(id)) throw hidden(kind);
  const row = await first(
    q.query<{ organisation_id: string; project_id: string | null; visibility: string | null }>(
      kind === 'organisation'
        ? 'SELECT id AS organisation_id, NULL AS project_id, NULL AS visibility FROM organisations WHERE id = $1'
        : kind === 'project'
          ? 'SELECT organisation_id, id AS project_id, NULL AS visibility FROM projects WHERE id = $1'
          : `SELECT p.organisation_id, e.project_id, e.visibility FROM environments e
             JOIN projects p ON p.id = e.project_id WHERE e.id = $1 AND e.deletion_requested_at IS NULL`,
      [id],
    ),
  );
  if (!row || !caller.access.organisationRole(row.organisation_id)) throw hidden(kind);
  const scope: Scope = { kind, id, organisationId: row.organisation_id };
  if (row.project_id) {
    scope.projectId = row.project_id;
    scope.projectLevel = caller.access.projectLevel(row.project_id);
    if (row.visibility === 'hidden' && scope.projectLevel !== 'configurator') throw hidden(kind);
  }
  return scope;
};

/**
 * The environment `envId`, once the caller may configure it (404 as for any read, 403 below
 * configurator): the guard of the configuration area's own routes.
 */
export const configurableEnvironment = async (
  q: Queryable,
  caller: Caller,
  envId: string,
): Promise<Scope> => {
  const scope = await resolveScope(q, caller, 'environment', envId);
  requireLevel(caller, scope, 'configurator');
  return scope;
};

/**
 * Checks an access level of `x-admin.access` (spec §6) in a resolved scope. `projectId`: the
 * record's project when the scope is above projects. A project the caller has no access to is
 * invisible (404); a level too low is a 403 the caller can understand.
 */
export const requireLevel = (caller: Caller, scope: Scope, level: AccessLevel, projectId?: string) => {
  const staff = caller.user.is_staff;
  const admin =
    staff || (scope.organisationId && caller.access.organisationRole(scope.organisationId) === 'admin');
  if (level === 'staff') {
    if (!staff) throw forbidden('staff');
  } else if (level === 'member') {
    // resolveScope already hid other organisations; at the platform scope lists are restricted instead.
    return;
  } else if (level === 'orgAdmin') {
    if (!admin) throw forbidden('orgAdmin');
  } else {
    const project = scope.projectId ?? projectId;
    // Above projects without a record's project, a project level means "on every project".
    if (!project) {
      if (!admin) throw forbidden('everyProject', level);
      return;
    }
    const held = caller.access.projectLevel(project);
    if (held === 'noAccess') throw hidden('project');
    if (!reaches(held, level)) throw forbidden('project', level);
  }
};

/** The projects of an organisation on which the caller holds at least `level` (for list restrictions). */
export const projectsReaching = async (
  q: Queryable,
  caller: Caller,
  organisationId: string,
  level: ProjectAccessLevel,
): Promise<string[]> =>
  (await q.query<{ id: string }>('SELECT id FROM projects WHERE organisation_id = $1', [organisationId]))
    .map((p) => p.id)
    .filter((id) => reaches(caller.access.projectLevel(id), level));
