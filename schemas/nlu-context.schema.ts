import type { FromSchema } from 'json-schema-to-ts';
import { defineResourceSchema } from './_defs/admin';
import { NAME_PATTERN } from './archetype.schema';
import { NLU_LANGUAGES } from './environment.schema';

/**
 * Context (spec pipeline §3): a named set of interactions (those that list it) with its languages;
 * servers load contexts. An interaction of a context fixed to other languages than the analysis's
 * does not run.
 */
export const nluContextSchema = defineResourceSchema({
  $id: 'nlu-context',
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    environmentId: { type: 'string', format: 'uuid' },
    name: { type: 'string', minLength: 1, maxLength: 100, pattern: NAME_PATTERN },
    languages: {
      type: 'array',
      items: { type: 'string', enum: NLU_LANGUAGES },
      uniqueItems: true,
      default: ['auto'],
    },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
  },
  'x-admin': {
    scope: 'environment',
    path: 'contexts',
    storage: 'document',
    listColumns: ['name', 'languages', 'servers', 'interactionCount', 'updatedAt'],
    // Spec pipeline §3: a context shows its linked servers and its interaction count.
    computedColumns: {
      servers: { referrers: 'nlu-server', field: 'contexts' },
      interactionCount: { referrers: 'interaction', field: 'contexts', count: true },
    },
    searchFields: ['name'],
    defaultSort: { field: 'name', order: 'ASC' },
    recordRepresentation: 'name',
    menu: false,
    access: { read: 'configurator', write: 'configurator' },
    errorMessages: {
      name: { minLength: 'Context name cannot be empty', pattern: 'Context name cannot be empty' },
    },
    unique: [{ fields: ['name'], code: 'CONTEXT_EXISTS', message: 'A context of this name already exists' }],
    readOnly: ['id', 'environmentId', 'createdAt', 'updatedAt'],
    uiSchema: { languages: { 'ui:widget': 'checkboxes', 'ui:options': { inline: true } } },
  },
});
export type NluContext = FromSchema<typeof nluContextSchema>;
