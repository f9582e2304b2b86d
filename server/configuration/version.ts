// The version of an environment's configuration: what tells the workers to read it again
// (analyses/pipeline-config-cache.ts). Every feature that stores part of that configuration
// outside resource documents bumps it in the statement that writes.

/**
 * The greatest version of an environment's scope in `resource_versions`: it changes on every write
 * of the environment's documents (migration 009) and settings (migration 010), that is of anything
 * readPipelineConfig reads. A SQL expression over `environmentId`, so that the worker reads it in
 * the statement that claims a batch instead of a statement of its own.
 */
export const configVersionSql = (environmentId: string) =>
  `(SELECT max(version)::text FROM resource_versions WHERE scope_key = ${environmentId})`;

/**
 * Bumps the version of a part of an environment's configuration kept outside resource documents
 * (webhooks, its LLM endpoint), so that workers read its configuration again.
 */
export const bumpConfigVersionSql = (resource: string, environmentIdSql: string) =>
  `INSERT INTO resource_versions (resource, scope_key, version)
   SELECT '${resource}', ${environmentIdSql}, nextval('resource_version_seq')
   ON CONFLICT (resource, scope_key) DO UPDATE SET version = EXCLUDED.version`;
