import type { Extraction } from '../../schemas/analysis-result';
import { first, type Queryable } from '../kernel/db';
import type { ExtractionCache, StageText } from '../pipeline/stage';

/** Entries older than this are never read, and the retention job deletes them. */
export const CACHE_LIFETIME = '1 day';

/**
 * The extractor's cache for one environment, in the database so every worker shares it. An
 * environment that keeps nothing (retention NoRetention) gets no cache.
 */
export const extractionCache = (q: Queryable, environmentId: string): ExtractionCache => ({
  get: async (key) => {
    const row = await first(
      q.query<{ extraction: Extraction; warnings: StageText[] }>(
        `SELECT extraction, warnings FROM extraction_cache
         WHERE environment_id = $1 AND key = $2 AND created_at > now() - interval '${CACHE_LIFETIME}'`,
        [environmentId, key],
      ),
    );
    return row ? { extraction: row.extraction, warnings: row.warnings } : undefined;
  },
  set: async (key, value) => {
    await q.query(
      `INSERT INTO extraction_cache (environment_id, key, extraction, warnings)
       SELECT $1, $2, $3, $4 FROM environments
       WHERE id = $1 AND coalesce(settings->>'retention', 'Always') <> 'NoRetention'
       ON CONFLICT (environment_id, key) DO UPDATE
         SET extraction = EXCLUDED.extraction, warnings = EXCLUDED.warnings, created_at = now()`,
      [environmentId, key, JSON.stringify(value.extraction), JSON.stringify(value.warnings)],
    );
  },
});
