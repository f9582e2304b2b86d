import type { FromSchema } from 'json-schema-to-ts';
import { defineResourceSchema } from './_defs/admin';

/** Spec pipeline §5 names: an empty name and a name taken say so in the user's words. */
export const NAME_PATTERN = '\\S';

/**
 * Archetype (spec pipeline §3, DESIGN.md §6): what a word or a phrase means to the NLU engine —
 * terms (typo-tolerant unless exact), regular expressions, and sub-archetypes whose matches it
 * also matches (built-in ones included: date, time, number, amount, percentage, email, phone, url,
 * iban). The server refuses unknown sub-archetypes, cycles and unsafe regular expressions.
 */
export const archetypeSchema = defineResourceSchema({
  $id: 'archetype',
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    environmentId: { type: 'string', format: 'uuid' },
    name: { type: 'string', minLength: 1, maxLength: 100, pattern: NAME_PATTERN },
    description: { type: 'string', maxLength: 500 },
    expressions: {
      type: 'array',
      maxItems: 5000,
      default: [],
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['type', 'value'],
        properties: {
          type: { type: 'string', enum: ['term', 'regex'], default: 'term' },
          value: { type: 'string', minLength: 1, maxLength: 1000 },
          exact: { type: 'boolean', default: false },
          flags: { type: 'string', pattern: '^[imsu]*$', maxLength: 4, default: '' },
        },
      },
    },
    subArchetypes: { type: 'array', items: { type: 'string', minLength: 1 }, uniqueItems: true, default: [] },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
  },
  'x-admin': {
    scope: 'environment',
    path: 'archetypes',
    storage: 'document',
    listColumns: ['name', 'description', 'updatedAt'],
    searchFields: ['name', 'description'],
    defaultSort: { field: 'name', order: 'ASC' },
    recordRepresentation: 'name',
    menu: false,
    access: { read: 'configurator', write: 'configurator' },
    errorMessages: {
      name: { minLength: 'Archetype name cannot be empty', pattern: 'Archetype name cannot be empty' },
    },
    unique: [
      { fields: ['name'], code: 'ARCHETYPE_EXISTS', message: 'An archetype of this name already exists' },
    ],
    readOnly: ['id', 'environmentId', 'createdAt', 'updatedAt'],
    // References by name, picked among the environment's archetypes and the built-in ones
    // (docs/decisions/resources-reference-pickers.md).
    uiSchema: {
      // A regular expression is edited as code; a term stays a text field.
      expressions: {
        items: {
          value: { 'ui:widget': 'code', 'ui:options': { language: 'regex', when: { type: 'regex' } } },
        },
      },
      subArchetypes: {
        items: { 'ui:widget': 'reference', 'ui:options': { reference: 'archetypes', by: 'name' } },
      },
    },
  },
});
export type Archetype = FromSchema<typeof archetypeSchema>;
