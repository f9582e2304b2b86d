import type { FromSchema } from 'json-schema-to-ts';
import { defineResourceSchema } from './_defs/admin';
import { NAME_PATTERN } from './archetype.schema';
import { NLU_LANGUAGES } from './environment.schema';

export const AI_VERSIONS = ['v4', 'v4.10', 'v4.11', 'v4.12', 'v5'] as const;

/**
 * NLU server (spec pipeline §3–4, DESIGN.md §6): loads contexts and compiles them when it starts.
 * Stopped after 5 minutes unused; an analysis that needs it starts it. `state` and `lastUsedAt` are
 * the platform's to write (start / stop routes, the pipeline, the idle job).
 */
export const nluServerSchema = defineResourceSchema({
  $id: 'nlu-server',
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    environmentId: { type: 'string', format: 'uuid' },
    name: { type: 'string', minLength: 1, maxLength: 100, pattern: NAME_PATTERN },
    aiVersion: { type: 'string', enum: AI_VERSIONS, default: 'v4' },
    defaultLanguage: { type: 'string', enum: NLU_LANGUAGES, default: 'fr' },
    responseFormat: { type: 'string', enum: ['V4', 'V5'], default: 'V4' },
    labeling: { type: 'boolean', default: false },
    multipleInteractions: { type: 'boolean', default: true },
    contexts: { type: 'array', items: { type: 'string', minLength: 1 }, uniqueItems: true, default: [] },
    state: { type: 'string', enum: ['stopped', 'started'], default: 'stopped' },
    lastUsedAt: { type: ['string', 'null'], format: 'date-time' },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
  },
  'x-admin': {
    scope: 'environment',
    path: 'servers',
    storage: 'document',
    listColumns: ['name', 'aiVersion', 'contexts', 'state', 'lastUsedAt'],
    searchFields: ['name'],
    filters: ['state'],
    defaultSort: { field: 'name', order: 'ASC' },
    recordRepresentation: 'name',
    menu: false,
    access: { read: 'configurator', write: 'configurator' },
    errorMessages: {
      name: { minLength: 'Server name cannot be empty', pattern: 'Server name cannot be empty' },
    },
    unique: [{ fields: ['name'], code: 'SERVER_EXISTS', message: 'A server of this name already exists' }],
    readOnly: ['id', 'environmentId', 'state', 'lastUsedAt', 'createdAt', 'updatedAt'],
    // References by name, picked among the environment's contexts
    // (docs/decisions/resources-reference-pickers.md).
    uiSchema: {
      contexts: { items: { 'ui:widget': 'reference', 'ui:options': { reference: 'contexts', by: 'name' } } },
    },
  },
});
export type NluServer = FromSchema<typeof nluServerSchema>;
