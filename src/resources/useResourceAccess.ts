import type { Identifier } from 'react-admin';
import { useCanAccess } from 'react-admin';
import type { Operation, ResourceDescriptor, RouteScope } from './types';

export type ResourceAccess = Record<Operation, boolean> & { isPending: boolean };

/**
 * `useCanAccess` parameters for a check within a scope. react-admin keys its cache by record id
 * only; `meta` puts the scope in the key as well, so that two organisations' `projects` are not
 * answered from one check.
 */
export const scopedCheck = (action: string, resource: string, record: Record<string, unknown>) => ({
  action,
  resource,
  record,
  meta: record,
});

/**
 * What the user may do with a resource in a scope: the operations its schema offers, allowed by the
 * auth provider's `canAccess` (spec §6). `id` matters where the record is itself a scope (an
 * organisation, a project). The server is still the guard (DESIGN.md §9).
 */
export const useResourceAccess = (
  resource: ResourceDescriptor,
  scope: RouteScope,
  id?: Identifier,
): ResourceAccess => {
  const apiResource = resource.apiResource(resource.scopeIdOf(scope));
  const record = { id, organisationId: scope.organisationId, projectId: scope.projectId };
  const check = (action: Operation) => ({
    ...scopedCheck(action, apiResource, record),
    enabled: resource.operations.has(action),
  });
  // One cached query per action, as react-admin's own buttons do.
  const results = {
    list: useCanAccess(check('list')),
    show: useCanAccess(check('show')),
    create: useCanAccess(check('create')),
    edit: useCanAccess(check('edit')),
    delete: useCanAccess(check('delete')),
  };
  const offered = (Object.keys(results) as Operation[]).filter((action) => resource.operations.has(action));
  const allowed = (action: Operation) => offered.includes(action) && results[action].canAccess === true;
  return {
    list: allowed('list'),
    show: allowed('show'),
    create: allowed('create'),
    edit: allowed('edit'),
    delete: allowed('delete'),
    isPending: offered.some((action) => results[action].isPending),
  };
};
