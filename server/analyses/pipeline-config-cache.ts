import type { Queryable } from '../kernel/db';
import type { PipelineConfig } from '../pipeline/stage';
import { readPipelineConfig } from './pipeline-config';

/**
 * The pipeline configurations of the environments a worker serves, kept while their version is
 * unchanged. Reading one costs several statements and the building of every NLU, category and
 * extraction definition; a busy environment's configuration changes far less often than a batch
 * is claimed. The configuration is read after the version that keys it, so an entry is never older
 * than its key: at worst a newer configuration is read once more. Entries are shared by every
 * analysis of the environment: nobody may change what `read` returns.
 *
 * @example
 * const configs = pipelineConfigCache();
 * const config = await configs.read(db, row.environment_id, row.config_version);
 */
export const pipelineConfigCache = (maxEntries = 64) => {
  const entries = new Map<string, { version: string; config: Promise<PipelineConfig> }>();
  return {
    /** `version` null: the scope was never written, which a later write changes like any version. */
    read: (q: Queryable, environmentId: string, version: string | null): Promise<PipelineConfig> => {
      const key = version ?? 'never written';
      const kept = entries.get(environmentId);
      if (kept?.version === key) return kept.config;
      const config = readPipelineConfig(q, environmentId);
      entries.delete(environmentId);
      entries.set(environmentId, { version: key, config });
      // A failed read is not kept: the next batch tries again.
      config.catch(() => {
        if (entries.get(environmentId)?.config === config) entries.delete(environmentId);
      });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      return config;
    },
  };
};
