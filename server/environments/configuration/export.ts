// Export: an environment's configuration read as one document.
import type { ResourceSchema } from '../../../schemas/_defs/admin';
import type { Queryable } from '../../kernel/db';
import {
  CONFIGURATION_FORMAT,
  CONFIGURATION_VERSION,
  configurationResources,
  type Configuration,
  type Entity,
} from './document';

/** The environment's configuration now, entities in creation order. */
export const readConfiguration = async (
  q: Queryable,
  environmentId: string,
  schemas: readonly ResourceSchema[],
): Promise<Configuration> => {
  const resources = configurationResources(schemas);
  const [env] = await q.query<{ settings: Record<string, unknown> }>(
    'SELECT settings FROM environments WHERE id = $1',
    [environmentId],
  );
  const rows = await q.query<{ resource: string; id: string; data: Record<string, unknown> }>(
    `SELECT resource, id, data FROM resource_documents
     WHERE scope = 'environment' AND scope_id = $1 ORDER BY created_at, id`,
    [environmentId],
  );
  const [extractor] = await q.query<{ settings: Record<string, unknown> }>(
    'SELECT settings FROM extractor_settings WHERE environment_id = $1',
    [environmentId],
  );
  const entities: Record<string, Entity[]> = {};
  const pathOf = new Map([...resources.values()].map((s) => [s.$id, s['x-admin'].path]));
  for (const path of pathOf.values()) entities[path] = [];
  for (const row of rows) {
    const path = pathOf.get(row.resource);
    if (path) entities[path].push({ id: row.id, ...row.data });
  }
  return {
    format: CONFIGURATION_FORMAT,
    version: CONFIGURATION_VERSION,
    settings: env?.settings ?? {},
    ...(extractor ? { extractor: extractor.settings } : {}),
    entities,
  };
};
