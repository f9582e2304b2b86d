import { z } from 'zod';
import { defineCall } from './define';

/**
 * An environment's configuration as one JSON document (server/environments/configuration.ts):
 * export, import (replaces everything, atomically), and the versions' comparison and restore.
 */

const envParams = z.object({ envId: z.string() });
const versionParams = z.object({ projectId: z.string(), id: z.string() });
const written = z.object({ entities: z.number().int() });

export const exportConfiguration = defineCall({
  method: 'GET',
  path: '/v4/console/api/environments/{envId}/configuration',
  params: envParams,
  responseType: 'file',
});

export const importConfiguration = defineCall({
  method: 'PUT',
  path: '/v4/console/api/environments/{envId}/configuration',
  params: envParams,
  body: z.unknown(),
  response: written,
});

/** A new environment from a configuration file: one transaction, nothing left behind on refusal. */
export const importEnvironment = defineCall({
  method: 'POST',
  path: '/v4/console/api/projects/{projectId}/environments/import',
  params: z.object({ projectId: z.string() }),
  body: z.object({ name: z.string(), configuration: z.unknown() }),
  response: z.object({ id: z.string(), projectId: z.string(), name: z.string(), entities: z.number().int() }),
});

export const restoreVersion = defineCall({
  method: 'POST',
  path: '/v4/console/api/projects/{projectId}/versions/{id}/restore',
  params: versionParams,
  response: written,
});

export const difference = z.object({
  path: z.string(),
  kind: z.enum(['added', 'removed', 'changed']),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
});
export type Difference = z.infer<typeof difference>;

export const versionDifferences = defineCall({
  method: 'GET',
  path: '/v4/console/api/projects/{projectId}/versions/{id}/diff',
  params: versionParams,
  /** `current` (default): the environment as it is now; else another version's id. */
  query: z.object({ with: z.string().optional() }),
  response: z.array(difference),
});

export const useCaseTemplate = z.object({
  key: z.string(),
  name: z.object({ fr: z.string(), en: z.string() }),
  description: z.object({ fr: z.string(), en: z.string() }),
  /** An environment configuration document, as exported, its prose in English. */
  configuration: z.unknown(),
  /** Messages the template categorises as `expected` (proven by server/environments/templates). */
  samples: z.array(
    z.object({
      name: z.string(),
      language: z.string(),
      subject: z.string(),
      text: z.string(),
      expected: z.array(z.string()),
    }),
  ),
  /**
   * The configuration's prose (descriptions, comments) in French, keyed by its English text: the
   * console makes an environment in the user's language (schemas/template-localisation.ts).
   */
  translations: z.object({ fr: z.record(z.string(), z.string()) }),
});
export type UseCaseTemplate = z.infer<typeof useCaseTemplate>;

/** The use-case templates of spec platform-shell §3 (insurance:meeting, tourism:airline-messages, retail:quotes-and-orders). */
export const listUseCaseTemplates = defineCall({
  method: 'GET',
  path: '/v4/console/api/use-case-templates',
  response: z.array(useCaseTemplate),
});
