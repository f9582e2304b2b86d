import type { CurrentUser, ProjectAccessLevel } from '../../schemas/contracts/auth';
import { parseResourcePath } from './resourcePath';

/**
 * The console's view of spec platform-shell §6. The server is the real guard (DESIGN.md §9); this
 * only decides what the console offers. `record` names the scope the check is about:
 * `{ organisationId }`, `{ projectId }`, or `{ id }` for the organisation / project itself.
 */
export interface AccessRequest {
  action: string;
  resource: string;
  record?: { id?: unknown; organisationId?: unknown; projectId?: unknown };
}

const rank: Record<ProjectAccessLevel, number> = { noAccess: 0, cockpit: 1, qualifier: 2, configurator: 3 };

/** Pages every signed-in account may open, light ones included (their own settings). */
const accountResources = new Set(['profile', 'local-storage-cleaner', 'test-colours']);
const selfServiceResources = new Set(['self-service']);
const staffResources = new Set([
  'admin',
  'sre-inboxcare',
  'sre-analyses',
  'sre-analyses-counter',
  'reprocessing',
]);
const organisationAdminResources = new Set([
  'members',
  'invitations',
  'audit-logs',
  'consumption',
  'organisation-settings',
]);
/** Spec §6 route restrictions; anything else inside a project is configuration. */
const minimumLevel: Record<string, ProjectAccessLevel> = {
  'messages-bank': 'qualifier',
  messages: 'qualifier',
  qualification: 'qualifier',
  import: 'qualifier',
  tests: 'qualifier',
  'domain-rules': 'qualifier',
  'domain-modules': 'qualifier',
  classifications: 'qualifier',
  'error-log': 'qualifier',
  dashboard: 'cockpit',
  alerts: 'cockpit',
  'alert-firings': 'cockpit',
};
const readActions = new Set(['list', 'show', 'read', 'access']);
/**
 * Resources read at one level and written at another (their schema's x-admin `access`): everyone
 * who sees an environment sees its analyses; qualifiers launch, abort and delete them.
 */
const levelsByUse: Record<string, { read: ProjectAccessLevel; write: ProjectAccessLevel }> = {
  analyses: { read: 'cockpit', write: 'qualifier' },
};

const text = (value: unknown): string | undefined =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;

/** Project levels in scope, organisation admins counting as configurators (spec §6). */
const projectLevels = (
  user: CurrentUser,
  organisationId?: string,
  projectId?: string,
): ProjectAccessLevel[] =>
  Object.values(user.organisations)
    .filter((orga) => organisationId === undefined || orga.id === organisationId)
    .flatMap((orga) =>
      Object.values(orga.projects)
        .filter((project) => projectId === undefined || project.id === projectId)
        .map((project) => (orga.role === 'admin' ? 'configurator' : project.access)),
    );

const reaches = (levels: ProjectAccessLevel[], needed: ProjectAccessLevel): boolean =>
  levels.some((level) => rank[level] >= rank[needed]);

export const canAccess = (user: CurrentUser, request: AccessRequest): boolean => {
  if (user.role === 'staff') return true;
  // A scoped API path (`organisations/o1/members`) is the plain resource within that scope; the
  // path is where the call goes, so its scope wins over what the record says.
  const { resource, scope } = parseResourcePath(request.resource);
  const { action } = request;
  const record = { ...request.record, ...scope };
  if (accountResources.has(resource) || selfServiceResources.has(resource)) return true;
  if (user.isLight) return false;
  if (staffResources.has(resource)) return false;

  const scopeId = text(record?.id);
  const organisationId = text(record?.organisationId) ?? (resource === 'organisations' ? scopeId : undefined);
  const projectId = text(record?.projectId) ?? (resource === 'projects' ? scopeId : undefined);
  const admin = Object.values(user.organisations).some(
    (orga) => orga.role === 'admin' && (organisationId === undefined || orga.id === organisationId),
  );

  if (organisationAdminResources.has(resource)) return admin;
  if (resource === 'organisations') {
    const member = Object.values(user.organisations).some(
      (orga) => organisationId === undefined || orga.id === organisationId,
    );
    return readActions.has(action) ? member : admin;
  }
  // Creating a project is an organisation right; no project exists yet to hold a level.
  if (resource === 'projects' && action === 'create') return admin;

  const levels = projectLevels(user, organisationId, projectId);
  const byUse = levelsByUse[resource];
  const needed =
    (byUse && (readActions.has(action) ? byUse.read : byUse.write)) ??
    minimumLevel[resource] ??
    ((resource === 'projects' || resource === 'environments') && readActions.has(action)
      ? 'cockpit'
      : 'configurator');
  return reaches(levels, needed);
};
