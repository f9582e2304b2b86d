import { resourceSchemas } from '../../schemas';
import { describeResource } from './describeResource';
import type { ResourceDescriptor } from './types';

/**
 * One descriptor per resource schema (schemas/index.ts). A resource that overrides a generic view
 * passes it here from its own `src/resources/<name>/index.ts`; none needs to yet.
 */
export const resourceRegistry: readonly ResourceDescriptor[] = resourceSchemas.map((schema) =>
  describeResource(schema),
);

const byName = new Map(resourceRegistry.map((resource) => [resource.name, resource]));

/**
 * The descriptor of a resource by its x-admin path; throws for an unknown name, which is a
 * programming error (a page or a uiSchema naming a resource that has no schema).
 */
export const getResource = (name: string): ResourceDescriptor => {
  const resource = byName.get(name);
  if (!resource) throw new Error(`No resource schema has the path "${name}"`);
  return resource;
};

/** The resources whose x-admin `menu` puts them in a scope's navigation, in menu order. */
export const menuResources = (group: string): ResourceDescriptor[] =>
  resourceRegistry
    .filter((resource) => resource.hints.menu && resource.hints.menu.group === group)
    .sort((a, b) => (a.hints.menu ? a.hints.menu.order : 0) - (b.hints.menu ? b.hints.menu.order : 0));
