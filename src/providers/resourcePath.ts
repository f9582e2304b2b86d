/**
 * Scoped resources are named by their API path (`organisations/o1/members`, DESIGN.md §5), so that
 * one generic view works in any scope. Access rules speak of the plain resource (`members`) and
 * its scope; this turns one form into the other.
 */
export interface ScopedResource {
  resource: string;
  scope: { organisationId?: string; projectId?: string; environmentId?: string };
}

const scopeFields = {
  organisations: 'organisationId',
  projects: 'projectId',
  environments: 'environmentId',
} as const;

const isScopeSegment = (segment: string): segment is keyof typeof scopeFields => segment in scopeFields;

/**
 * @example
 * parseResourcePath('organisations/o1/members'); // { resource: 'members', scope: { organisationId: 'o1' } }
 * parseResourcePath('projects');                 // { resource: 'projects', scope: {} }
 */
export const parseResourcePath = (path: string): ScopedResource => {
  const segments = path.split('/').filter((segment) => segment !== '');
  const [scope, scopeId, resource, ...rest] = segments;
  if (segments.length === 3 && rest.length === 0 && isScopeSegment(scope) && scopeId && resource) {
    return { resource, scope: { [scopeFields[scope]]: decodeURIComponent(scopeId) } };
  }
  return { resource: path, scope: {} };
};
