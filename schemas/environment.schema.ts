import type { FromSchema } from 'json-schema-to-ts';
import { defineResourceSchema } from './_defs/admin';
import { DEFAULT_MODULES, moduleEntrySchema } from './modules';
import { outputSettingsSchema } from './output';
import { consolidationSettingsSchema } from './consolidation';
import { postProcessingSettingsSchema } from './post-processing';
import { ocrDataSettingsSchema } from './ocr-data';
import { visionSettingsSchema } from './vision';

/**
 * The settings the modules pages write (the list and each module's own): read-only on the
 * environment's form and its record's updates, hidden there.
 */
export const MODULE_PAGE_SETTINGS = [
  'modules',
  'output',
  'vision',
  'ocrData',
  'postProcessing',
  'consolidation',
] as const;

/** NLU languages (spec pipeline-and-testing §3), plus automatic detection. */
export const NLU_LANGUAGES = [
  'auto',
  'fr',
  'gb',
  'cn',
  'ru',
  'de',
  'es',
  'it',
  'pt',
  'nl',
  'cz',
  'hu',
  'ro',
  'sk',
  'se',
  'dk',
  'no',
  'pl',
  'rs',
  'tr',
  'jp',
  'kr',
] as const;

/** Data retention intervals (spec platform-shell §4), spelled as the spec spells them. */
export const RETENTIONS = [
  'Always',
  'NoRetention',
  'OneDay',
  'OneWeek',
  'OneMont',
  'SixMont',
  'OneYear',
] as const;

/**
 * Environment (spec platform-shell §3): one configured pipeline of a project, with its settings
 * (env-management/settings). Only one of AI debug mode and production mode may be on (spec §4):
 * the server refuses both, on the `productionMode` field.
 */
export const environmentSchema = defineResourceSchema({
  $id: 'environment',
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    projectId: { type: 'string', format: 'uuid' },
    name: { type: 'string', minLength: 1, maxLength: 80 },
    aiVersion: { type: 'string', enum: ['v4', 'v5'], default: 'v4' },
    visibility: { type: 'string', enum: ['public', 'hidden'], default: 'public' },
    priorityProcessing: { type: 'boolean', default: false },
    debugMode: { type: 'boolean', default: false },
    productionMode: { type: 'boolean', default: false },
    languages: {
      type: 'array',
      items: { type: 'string', enum: NLU_LANGUAGES },
      uniqueItems: true,
      minItems: 1,
      default: ['fr'],
    },
    retention: { type: 'string', enum: RETENTIONS, default: 'Always' },
    // Content settings (spec pipeline-and-testing §3), read by the pipeline's stages.
    multiInteraction: { type: 'boolean', default: false },
    multiCategory: { type: 'boolean', default: false },
    attachmentCategoriesPerPage: { type: 'boolean', default: false },
    ocrImages: { type: 'boolean', default: true },
    ocrMaxPages: { type: 'integer', minimum: 0, maximum: 1000, default: 10 },
    splitCharacters: { type: 'integer', minimum: 100, maximum: 1000000, default: 4000 },
    // The categorisation module's default categories (DESIGN.md §6): given when no rule matches.
    defaultCategory: { type: 'string', maxLength: 100, default: '' },
    defaultAttachmentCategory: { type: 'string', maxLength: 100, default: '' },
    // The advanced categorisation (DESIGN.md §6): a Twig template writing the message categories,
    // edited in the configuration area, hence hidden from the settings form.
    advancedCategorisation: { type: 'boolean', default: false },
    categorisationTemplate: { type: 'string', maxLength: 100_000, default: '' },
    // The pipeline's modules in their order (schemas/modules.ts), edited on the modules page.
    modules: { type: 'array', maxItems: 20, items: moduleEntrySchema, default: DEFAULT_MODULES },
    // What the output module's payload carries (schemas/output.ts), edited on its settings page.
    output: outputSettingsSchema,
    // The vision engine's settings (schemas/vision.ts), edited on its settings page.
    vision: visionSettingsSchema,
    // The OCR data extraction's settings (schemas/ocr-data.ts), edited on its settings page.
    ocrData: ocrDataSettingsSchema,
    // The post-processing's rules (schemas/post-processing.ts), edited on its settings page.
    postProcessing: postProcessingSettingsSchema,
    // The consolidation's workflow (schemas/consolidation.ts), edited on its settings page.
    consolidation: consolidationSettingsSchema,
    createdAt: { type: 'string', format: 'date-time' },
  },
  'x-admin': {
    scope: 'project',
    path: 'environments',
    storage: 'table',
    listColumns: ['name', 'aiVersion', 'visibility', 'createdAt'],
    searchFields: ['name'],
    filters: ['visibility', 'aiVersion'],
    defaultSort: { field: 'name', order: 'ASC' },
    recordRepresentation: 'name',
    menu: { group: 'project', order: 10 },
    access: { read: 'cockpit', write: 'configurator' },
    unique: [
      {
        fields: ['name'],
        code: 'ENV_NAME_TAKEN',
        message: 'This name is already used for an environment in this project',
      },
    ],
    readOnly: ['id', 'projectId', 'createdAt', ...MODULE_PAGE_SETTINGS],
    uiSchema: {
      languages: { 'ui:widget': 'checkboxes', 'ui:options': { inline: true } },
      advancedCategorisation: { 'ui:widget': 'hidden' },
      categorisationTemplate: { 'ui:widget': 'hidden' },
      ...Object.fromEntries(MODULE_PAGE_SETTINGS.map((name) => [name, { 'ui:widget': 'hidden' }])),
    },
  },
});
export type Environment = FromSchema<typeof environmentSchema>;
