import { z } from 'zod';
import { MODULE_INPUT_TYPES, MODULE_TYPES, TAINT_MODES } from '../modules';
import type { OutputSettings } from '../output';
import { VISION_KEY_PATTERN, VISION_LIMITS, VISION_TYPES, type VisionSettings } from '../vision';
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
  visionOutput: z.boolean(),
}) satisfies z.ZodType<OutputSettings>;

const visionKeys = z
  .array(
    z.object({
      key: z.string().regex(new RegExp(VISION_KEY_PATTERN)),
      description: z.string().max(VISION_LIMITS.description),
    }),
  )
  .max(VISION_LIMITS.keys);

/** The vision engine's settings (schemas/vision.ts). */
const visionSettings = z.object({
  active: z.boolean(),
  type: z.enum(VISION_TYPES),
  prompt: z.string().max(VISION_LIMITS.prompt),
  categories: visionKeys,
  fields: visionKeys,
}) satisfies z.ZodType<VisionSettings>;

const moduleView = z.object({
  type: z.enum(MODULE_TYPES),
  active: z.boolean(),
  name: z.string(),
  inputType: z.enum(MODULE_INPUT_TYPES),
  context: z.string(),
  /** Taint routing: the taint that limits the module (empty: none), and whether it needs it or its absence. */
  taint: z.string(),
  taintMode: z.enum(TAINT_MODES),
  /** What deactivating would delete: entities by resource. */
  configuration: z.array(z.object({ resource: z.string(), count: z.number() })),
  /** The output module's choices; only on the output module. */
  output: outputSettings.optional(),
  /** The vision engine's settings; only on the vision engine. */
  vision: visionSettings.optional(),
});
export type ModuleView = z.infer<typeof moduleView>;

/**
 * Every module type: the active ones first, in their order, then the others; and whether this
 * deployment has an LLM endpoint (LLM_BASE_URL), without which the vision engine and LLM reply
 * templates are skipped.
 */
const moduleList = z.object({
  modules: z.array(moduleView),
  llm: z.object({ configured: z.boolean(), model: z.string().nullable() }),
});

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
    /**
     * Taint routing, for any module after the categorization (the only fields a module without a
     * settings page accepts): a taint its rules set, empty for none.
     */
    taint: z.string().max(100).optional(),
    taintMode: z.enum(TAINT_MODES).optional(),
    /** The output module's choices; refused for any other module. */
    output: outputSettings.optional(),
    /** The vision engine's settings; refused for any other module. */
    vision: visionSettings.optional(),
  }),
  response: moduleList,
});

export const deactivateModule = defineCall({
  method: 'DELETE',
  path: '/v4/console/api/environments/{envId}/modules/{type}',
  params: moduleParams,
  response: moduleList.extend({
    deleted: z.array(z.object({ resource: z.string(), count: z.number() })),
  }),
});
