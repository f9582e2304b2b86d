import { z } from 'zod';
import { MODULE_INPUT_TYPES, MODULE_TYPES, TAINT_MODES } from '../modules';
import type { OutputSettings } from '../output';
import type { ConsolidationSettings } from '../consolidation';
import {
  POST_PROCESSING_ACTIONS,
  POST_PROCESSING_LIMITS,
  type PostProcessingSettings,
} from '../post-processing';
import { OCR_DATA_LIMITS, OCR_KEY_PATTERN, OCR_VALUE_TYPES, type OcrDataSettings } from '../ocr-data';
import { VISION_KEY_PATTERN, VISION_LIMITS, VISION_TYPES, type VisionSettings } from '../vision';
import { defineCall } from './define';
import { warningsFields } from './warnings';

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

/** The OCR data extraction's settings (schemas/ocr-data.ts). */
const ocrDataSettings = z.object({
  category: z.string().max(OCR_DATA_LIMITS.category),
  documents: z.array(z.string().max(OCR_DATA_LIMITS.document)).max(OCR_DATA_LIMITS.documents),
  fields: z
    .array(
      z.object({
        key: z.string().regex(new RegExp(OCR_KEY_PATTERN)),
        anchors: z.array(z.string().max(OCR_DATA_LIMITS.anchor)).max(OCR_DATA_LIMITS.anchors),
        pattern: z.string().max(OCR_DATA_LIMITS.pattern),
        type: z.enum(OCR_VALUE_TYPES),
      }),
    )
    .max(OCR_DATA_LIMITS.fields),
}) satisfies z.ZodType<OcrDataSettings>;

/** The post-processing's rules (schemas/post-processing.ts); names, targets and templates are checked with the problems' codes. */
const postProcessingSettings = z.object({
  rules: z
    .array(
      z.object({
        name: z.string().max(POST_PROCESSING_LIMITS.name),
        when: z.string().max(POST_PROCESSING_LIMITS.when),
        action: z.enum(POST_PROCESSING_ACTIONS),
        target: z.string().max(POST_PROCESSING_LIMITS.target),
        value: z.string().max(POST_PROCESSING_LIMITS.value),
      }),
    )
    .max(POST_PROCESSING_LIMITS.rules),
}) satisfies z.ZodType<PostProcessingSettings>;

/** The consolidation's workflow (schemas/consolidation.ts); its id's form is checked with the problems' codes. */
const consolidationSettings = z.object({
  workflowId: z.string().max(128),
}) satisfies z.ZodType<ConsolidationSettings>;

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
  /** The OCR data extraction's settings; only on that module. */
  ocrData: ocrDataSettings.optional(),
  /** The post-processing's rules; only on that module. */
  postProcessing: postProcessingSettings.optional(),
  /** The consolidation's workflow; only on that module. */
  consolidation: consolidationSettings.optional(),
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
  /** Whether this deployment has a workflow engine (WORKFLOW_BASE_URL), without which the consolidation is skipped. */
  workflow: z.object({ configured: z.boolean() }),
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
    /** The OCR data extraction's settings; refused for any other module. */
    ocrData: ocrDataSettings.optional(),
    /** The post-processing's rules; refused for any other module. */
    postProcessing: postProcessingSettings.optional(),
    /** The consolidation's workflow; refused for any other module. */
    consolidation: consolidationSettings.optional(),
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

/** What the OCR data extraction read in one document of the test file; null where no anchor led to a value. */
const ocrDataTestDocument = z.object({
  filename: z.string(),
  /** The attachment's position, or null for the file itself. */
  attachment: z.number().nullable(),
  pages: z.number(),
  ocrPages: z.number(),
  fields: z.array(
    z.object({
      key: z.string(),
      value: z.union([z.string(), z.number()]).nullable(),
      anchor: z.string().nullable(),
      page: z.number().nullable(),
      line: z.string().nullable(),
    }),
  ),
});

export const ocrDataTestAnswer = z.object({
  documents: z.array(ocrDataTestDocument),
  ...warningsFields,
  durationMs: z.number(),
});
export type OcrDataTestAnswer = z.infer<typeof ocrDataTestAnswer>;

/**
 * The OCR data extraction test page (`test-ocrDataExtraction`): one file read with the saved
 * extractor and OCR data settings, every document searched whatever its category. Cockpit level and
 * above. 409 OCR_DATA_DISABLED when the module is not in the pipeline; 422 EXTRACTION_FAILED,
 * EXTRACTION_TIMEOUT.
 */
export const testOcrData = defineCall({
  method: 'POST',
  path: '/v4/console/api/environments/{envId}/ocr-data-test',
  params: envParams,
  body: z.object({ file: z.instanceof(Blob) }),
  bodyType: 'form',
  response: ocrDataTestAnswer,
});
