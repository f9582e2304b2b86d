import type { FromSchema } from 'json-schema-to-ts';
import { defineResourceSchema } from './_defs/admin';
import { NAME_PATTERN } from './archetype.schema';

/**
 * Interaction (spec pipeline §3, DESIGN.md §6): archetype matches found together in a block —
 * its parameters (position, name, archetype, optional, multiple, reset conversation), in order or
 * not, at most `distance` tokens apart (-1: no limit), refined by interaction functions. It belongs
 * to contexts, which servers load.
 */
export const interactionSchema = defineResourceSchema({
  $id: 'interaction',
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    environmentId: { type: 'string', format: 'uuid' },
    name: { type: 'string', minLength: 1, maxLength: 100, pattern: NAME_PATTERN },
    comment: { type: 'string', maxLength: 1000 },
    enabled: { type: 'boolean', default: true },
    ordered: { type: 'boolean', default: false },
    distance: { type: 'integer', minimum: -1, maximum: 10000, default: -1 },
    contexts: { type: 'array', items: { type: 'string', minLength: 1 }, uniqueItems: true, default: [] },
    parameters: {
      type: 'array',
      // At least one: said by the server (entity rules), so that a new form starts empty.
      maxItems: 20,
      default: [],
      examples: [
        [
          {
            position: 1,
            name: 'when',
            archetype: 'date',
            optional: false,
            multiple: false,
            resetConversation: false,
          },
        ],
      ],
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['position', 'name', 'archetype'],
        properties: {
          position: { type: 'integer', minimum: 1, maximum: 20 },
          name: { type: 'string', minLength: 1, maxLength: 100, pattern: NAME_PATTERN },
          archetype: { type: 'string', minLength: 1 },
          optional: { type: 'boolean', default: false },
          multiple: { type: 'boolean', default: false },
          resetConversation: { type: 'boolean', default: false },
        },
      },
    },
    functions: { type: 'array', items: { type: 'string', minLength: 1 }, uniqueItems: true, default: [] },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
  },
  'x-admin': {
    scope: 'environment',
    path: 'interactions',
    storage: 'document',
    listColumns: ['name', 'enabled', 'ordered', 'distance', 'updatedAt'],
    searchFields: ['name', 'comment'],
    filters: ['enabled'],
    defaultSort: { field: 'name', order: 'ASC' },
    recordRepresentation: 'name',
    menu: false,
    access: { read: 'configurator', write: 'configurator' },
    errorMessages: {
      name: { minLength: 'Interaction name cannot be empty', pattern: 'Interaction name cannot be empty' },
      distance: { minimum: 'The distance is a number of tokens, or -1 for no limit' },
    },
    unique: [
      { fields: ['name'], code: 'INTERACTION_EXISTS', message: 'An interaction of this name already exists' },
    ],
    readOnly: ['id', 'environmentId', 'createdAt', 'updatedAt'],
    // References by name, picked among the environment's entities
    // (docs/decisions/resources-reference-pickers.md).
    uiSchema: {
      contexts: { items: { 'ui:widget': 'reference', 'ui:options': { reference: 'contexts', by: 'name' } } },
      parameters: {
        items: {
          archetype: { 'ui:widget': 'reference', 'ui:options': { reference: 'archetypes', by: 'name' } },
        },
      },
      functions: {
        items: { 'ui:widget': 'reference', 'ui:options': { reference: 'interaction-functions', by: 'name' } },
      },
    },
  },
});
export type Interaction = FromSchema<typeof interactionSchema>;
