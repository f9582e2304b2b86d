import type { Queryable } from '../kernel/db';

/**
 * The documents of one configuration resource of an environment, in creation order: what the save
 * rules check a new document against, and what the pipeline reads.
 */
export const environmentDocuments = (q: Queryable, environmentId: string, resource: string) =>
  q.query<{ id: string; data: Record<string, unknown> }>(
    `SELECT id, data FROM resource_documents
     WHERE scope = 'environment' AND scope_id = $1 AND resource = $2
     ORDER BY created_at, id`,
    [environmentId, resource],
  );

/** The documents of several resources of an environment, by resource then name: the graph's nodes. */
export const documentsOfResources = (q: Queryable, environmentId: string, resources: readonly string[]) =>
  q.query<{ resource: string; id: string; data: Record<string, unknown> }>(
    `SELECT resource, id, data FROM resource_documents
     WHERE scope = 'environment' AND scope_id = $1 AND resource = ANY($2::text[])
     ORDER BY resource, data->>'name', id`,
    [environmentId, [...resources]],
  );
