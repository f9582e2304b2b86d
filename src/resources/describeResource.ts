import type { ResourceSchema } from '../../schemas';
import { describeFields } from './fields';
import type { Operation, ResourceDescriptor, RouteScope } from './types';
import { genericViews } from './views';

const allOperations: readonly Operation[] = ['list', 'show', 'create', 'edit', 'delete'];

const scopeKeys = {
  platform: undefined,
  organisation: 'organisationId',
  project: 'projectId',
  environment: 'environmentId',
} as const;

/**
 * Everything the console needs to serve a resource, from its schema alone (DESIGN.md §4: adding a
 * resource = adding its schema). `views` replaces generic views for a resource that needs it.
 *
 * @example
 * const members = describeResource(memberSchema);
 * members.apiResource('o1'); // 'organisations/o1/members'
 * <members.list resource={members} scope={{ organisationId: 'o1' }} />
 */
export const describeResource = (
  schema: ResourceSchema,
  views: Partial<Pick<ResourceDescriptor, 'list' | 'create' | 'edit' | 'show'>> = {},
): ResourceDescriptor => {
  const hints = schema['x-admin'];
  const scopeKey = scopeKeys[hints.scope];
  const top = hints.scope === 'platform' || hints.addressing === 'top';
  const segment = encodeURIComponent;
  const scopeField = (scopeId?: string): Record<string, string> =>
    top && scopeKey && scopeId !== undefined ? { [scopeKey]: scopeId } : {};

  return {
    name: hints.path,
    schema,
    hints,
    fields: describeFields(schema),
    operations: new Set(hints.operations ?? allOperations),
    scopeIdOf: (scope: RouteScope) => (scopeKey ? scope[scopeKey] : undefined),
    apiResource: (scopeId?: string) =>
      top || scopeId === undefined ? hints.path : `${hints.scope}s/${segment(scopeId)}/${hints.path}`,
    scopeFilter: scopeField,
    scopeBody: scopeField,
    ...genericViews,
    ...views,
  };
};
