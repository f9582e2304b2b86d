import { bumpConfigVersionSql } from './version';
import type { Queryable } from '../kernel/db';
import type { EnvironmentLlmEndpoint } from '../pipeline/stage';

export const readEnvironmentLlm = async (
  q: Queryable,
  environmentId: string,
): Promise<EnvironmentLlmEndpoint | null> => {
  const [row] = await q.query<{ base_url: string; model: string; api_key: string | null }>(
    'SELECT base_url, model, api_key FROM environment_llm WHERE environment_id = $1',
    [environmentId],
  );
  return row ? { baseUrl: row.base_url, model: row.model, apiKey: row.api_key } : null;
};

/**
 * Sets the endpoint; `apiKey` undefined keeps the key set before, '' removes it. The environment's
 * configuration version changes, so workers use the endpoint from their next analysis.
 */
export const writeEnvironmentLlm = async (
  q: Queryable,
  environmentId: string,
  { baseUrl, model, apiKey }: { baseUrl: string; model: string; apiKey?: string },
) => {
  await q.query(
    `INSERT INTO environment_llm (environment_id, base_url, model, api_key) VALUES ($1, $2, $3, nullif($4, ''))
     ON CONFLICT (environment_id) DO UPDATE SET base_url = $2, model = $3,
       api_key = CASE WHEN $5 THEN environment_llm.api_key ELSE nullif($4, '') END, updated_at = now()`,
    [environmentId, baseUrl, model, apiKey ?? '', apiKey === undefined],
  );
  await q.query(bumpConfigVersionSql('llm', '$1::uuid'), [environmentId]);
};

export const deleteEnvironmentLlm = async (q: Queryable, environmentId: string) => {
  await q.query('DELETE FROM environment_llm WHERE environment_id = $1', [environmentId]);
  await q.query(bumpConfigVersionSql('llm', '$1::uuid'), [environmentId]);
};
