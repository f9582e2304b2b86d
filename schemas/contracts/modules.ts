import { z } from 'zod';
import { MODULE_INPUT_TYPES, MODULE_TYPES } from '../modules';
import type { OutputSettings } from '../output';
import { defineCall } from './define';

/**
 * The modules page's calls (spec pipeline §2 "a page to add and delete modules", §4 "Module"): the
 * pipeline's modules in their order with what each one's configuration holds, adding one,
 * ordering them, a module's settings, and deactivating one, which deletes its configuration.
 */
const envParams = z.object({ envId: z.string() });
const moduleParams = z.object({ envId: z.string(), type: z.enum(MODULE_TYPES) });

/** The output module's choices (schemas/output.ts). */
const outputSettings = z.object({
  htmlBodies: z.boolean(),
  attachmentsData: z.boolean(),
  emailHeaders: z.boolean(),
  categories: z.object({ enabled: z.boolean(), skip: z.array(z.string().max(100)).max(200) }),
  extractedData: z.boolean(),
  metadata: z.boolean(),
  nluOutput: z.boolean(),
  replyProposal: z.boolean(),
}) satisfies z.ZodType<OutputSettings>;

const moduleView = z.object({
  type: z.enum(MODULE_TYPES),
  active: z.boolean(),
  name: z.string(),
  inputType: z.enum(MODULE_INPUT_TYPES),
  context: z.string(),
  /** What deactivating would delete: entities by resource. */
  configuration: z.array(z.object({ resource: z.string(), count: z.number() })),
  /** The output module's choices; only on the output module. */
  output: outputSettings.optional(),
});
export type ModuleView = z.infer<typeof moduleView>;

/** Every module type: the active ones first, in their order, then the others. */
const moduleList = z.object({ modules: z.array(moduleView) });

export const listModules = defineCall({
  method: 'GET',
  path: '/v4/console/api/environments/{envId}/modules',
  params: envParams,
  response: moduleList,
});

export const addModule = defineCall({
  method: 'POST',
  path: '/v4/console/api/environments/{envId}/modules',
  params: envParams,
  body: z.object({ type: z.enum(MODULE_TYPES) }),
  response: moduleList,
});

export const orderModules = defineCall({
  method: 'PUT',
  path: '/v4/console/api/environments/{envId}/modules/order',
  params: envParams,
  body: z.object({ types: z.array(z.enum(MODULE_TYPES)).max(MODULE_TYPES.length) }),
  response: moduleList,
});

export const updateModule = defineCall({
  method: 'PATCH',
  path: '/v4/console/api/environments/{envId}/modules/{type}',
  params: moduleParams,
  body: z.object({
    name: z.string().max(100).optional(),
    inputType: z.enum(MODULE_INPUT_TYPES).optional(),
    /** An NLU context's name; empty for every context. */
    context: z.string().max(100).optional(),
    /** The output module's choices; refused for any other module. */
    output: outputSettings.optional(),
  }),
  response: moduleList,
});

export const deactivateModule = defineCall({
  method: 'DELETE',
  path: '/v4/console/api/environments/{envId}/modules/{type}',
  params: moduleParams,
  response: z.object({
    deleted: z.array(z.object({ resource: z.string(), count: z.number() })),
    modules: z.array(moduleView),
  }),
});
