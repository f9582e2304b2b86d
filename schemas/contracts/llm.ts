import { z } from 'zod';
import { defineCall } from './define';

/**
 * An environment's own LLM endpoint (docs/decisions/delivery-environment-llm-endpoint.md):
 * its vision engine and LLM reply templates then use it instead of the deployment's. Configurators.
 * The key is write-only: the answer says whether one is set.
 */
const envParams = z.object({ envId: z.string() });

export const LLM_MODEL_MAX = 200;

const environmentLlm = z.object({
  /** The environment's endpoint, or null when it uses the deployment's. */
  override: z.object({ baseUrl: z.string(), model: z.string(), apiKeySet: z.boolean() }).nullable(),
  /** The deployment's endpoint (LLM_BASE_URL): whether it exists and its model. */
  deployment: z.object({ configured: z.boolean(), model: z.string().nullable() }),
});
export type EnvironmentLlm = z.infer<typeof environmentLlm>;

export const getEnvironmentLlm = defineCall({
  method: 'GET',
  path: '/v4/console/api/environments/{envId}/llm',
  params: envParams,
  response: environmentLlm,
});

/**
 * Sets the environment's endpoint. `apiKey` left out keeps the key set before; an empty one removes
 * it. A URL that is not http(s), has credentials, or names an internal address (unless
 * OUTBOUND_ALLOW does) is refused: 400 VALIDATION_FAILED on `baseUrl`, keyword `pattern` or
 * `internalAddress`, as a webhook's URL.
 */
export const saveEnvironmentLlm = defineCall({
  method: 'PUT',
  path: '/v4/console/api/environments/{envId}/llm',
  params: envParams,
  body: z.object({
    baseUrl: z.string().min(1).max(2000),
    model: z.string().min(1).max(LLM_MODEL_MAX),
    apiKey: z.string().max(500).optional(),
  }),
  response: environmentLlm,
});

/** Back to the deployment's endpoint. */
export const removeEnvironmentLlm = defineCall({
  method: 'DELETE',
  path: '/v4/console/api/environments/{envId}/llm',
  params: envParams,
  response: environmentLlm,
});
