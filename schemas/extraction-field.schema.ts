import type { FromSchema } from 'json-schema-to-ts';
import { defineResourceSchema } from './_defs/admin';
import { NAME_PATTERN } from './archetype.schema';

/**
 * Information extraction field (spec pipeline §3, DESIGN.md §6): a datum the extraction module
 * reports — from an interaction's parameter, an archetype, a regular expression (its first group
 * when it has one) or a built-in archetype — typed, first value or every value.
 */
export const extractionFieldSchema = defineResourceSchema({
  $id: 'extraction-field',
  type: 'object',
  additionalProperties: false,
  required: ['name', 'source'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    environmentId: { type: 'string', format: 'uuid' },
    name: { type: 'string', minLength: 1, maxLength: 100, pattern: NAME_PATTERN },
    source: { type: 'string', enum: ['parameter', 'archetype', 'regex', 'builtin'], default: 'parameter' },
    interaction: { type: 'string' },
    parameter: { type: 'string' },
    archetype: { type: 'string' },
    pattern: { type: 'string', maxLength: 1000 },
    flags: { type: 'string', pattern: '^[imsu]*$', maxLength: 4, default: '', examples: ['i'] },
    type: { type: 'string', enum: ['string', 'number'], default: 'string' },
    multiple: { type: 'boolean', default: false },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
  },
  // The fields each source reads (server/pipeline/extraction/fields.ts); the others are hidden in
  // the form and dropped on save (schemas/_defs/conditions.ts).
  allOf: [
    {
      if: { required: ['source'], properties: { source: { const: 'parameter' } } },
      then: { properties: { interaction: {}, parameter: {} }, required: ['interaction', 'parameter'] },
    },
    {
      if: { required: ['source'], properties: { source: { enum: ['archetype', 'builtin'] } } },
      then: { properties: { archetype: {} }, required: ['archetype'] },
    },
    {
      if: { required: ['source'], properties: { source: { const: 'regex' } } },
      then: { properties: { pattern: {}, flags: {} }, required: ['pattern'] },
    },
  ],
  'x-admin': {
    scope: 'environment',
    path: 'extraction-fields',
    storage: 'document',
    listColumns: ['name', 'source', 'type', 'multiple'],
    searchFields: ['name'],
    filters: ['source'],
    defaultSort: { field: 'name', order: 'ASC' },
    recordRepresentation: 'name',
    menu: false,
    access: { read: 'configurator', write: 'configurator' },
    errorMessages: {
      name: { minLength: 'Field name cannot be empty', pattern: 'Field name cannot be empty' },
    },
    unique: [{ fields: ['name'], code: 'FIELD_EXISTS', message: 'A field of this name already exists' }],
    readOnly: ['id', 'environmentId', 'createdAt', 'updatedAt'],
    // References by name, picked among the environment's entities (and the built-in archetypes).
    uiSchema: {
      interaction: { 'ui:widget': 'reference', 'ui:options': { reference: 'interactions', by: 'name' } },
      archetype: { 'ui:widget': 'reference', 'ui:options': { reference: 'archetypes', by: 'name' } },
      pattern: { 'ui:widget': 'code', 'ui:options': { language: 'regex' } },
    },
  },
});
export type ExtractionField = FromSchema<typeof extractionFieldSchema>;
