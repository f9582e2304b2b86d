import { useCanAccessResources } from 'react-admin';
import { menuResources } from './registry';
import type { ResourceDescriptor, RouteScope } from './types';

/**
 * The resources of a scope's navigation (x-admin `menu.group`) that the user may list there, in
 * menu order: the organisation menu and home tabs show what the user's role opens (spec §6).
 */
export const useScopeSections = (
  group: string,
  scope: RouteScope,
): { sections: ResourceDescriptor[]; isPending: boolean } => {
  const candidates = menuResources(group).filter((resource) => resource.operations.has('list'));
  const apiResources = candidates.map((resource) => resource.apiResource(resource.scopeIdOf(scope)));
  const { canAccess, isPending } = useCanAccessResources({
    action: 'list',
    resources: apiResources,
    record: { organisationId: scope.organisationId, projectId: scope.projectId },
  });
  return {
    sections: candidates.filter((_resource, index) => canAccess?.[apiResources[index]] === true),
    isPending,
  };
};
