import type { FromSchema } from 'json-schema-to-ts';
import { defineResourceSchema } from './_defs/admin';
import { NAME_PATTERN } from './archetype.schema';

/**
 * Reply template (spec pipeline §3, DESIGN.md §6): a Twig template (server/templates/twig.ts)
 * rendered with the analysis into the draft of a reply. One template per environment is the
 * default: it is the one the reply step renders; the others are included by it
 * (`{% include 'signature' %}`). With the LLM flag, the rendered text is a prompt and the LLM's
 * answer is the draft.
 */
export const replyTemplateSchema = defineResourceSchema({
  $id: 'reply-template',
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    environmentId: { type: 'string', format: 'uuid' },
    name: { type: 'string', minLength: 1, maxLength: 100, pattern: NAME_PATTERN },
    isDefault: { type: 'boolean', default: false },
    llm: { type: 'boolean', default: false },
    description: { type: 'string', maxLength: 1000, default: '' },
    body: { type: 'string', maxLength: 100_000, default: '', examples: ['Bonjour {{ from.name }},'] },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
  },
  'x-admin': {
    scope: 'environment',
    path: 'reply-templates',
    storage: 'document',
    listColumns: ['name', 'isDefault', 'llm', 'updatedAt'],
    searchFields: ['name', 'description'],
    filters: ['isDefault', 'llm'],
    defaultSort: { field: 'name', order: 'ASC' },
    recordRepresentation: 'name',
    menu: false,
    access: { read: 'configurator', write: 'configurator' },
    uiSchema: {
      description: { 'ui:widget': 'textarea' },
      // Twig, edited as code: highlighting, line numbers, syntax errors at their line
      // (docs/decisions/console-code-editors.md).
      body: { 'ui:widget': 'code', 'ui:options': { language: 'twig', rows: 12 } },
    },
    errorMessages: {
      name: { minLength: 'Template name cannot be empty', pattern: 'Template name cannot be empty' },
    },
    unique: [
      { fields: ['name'], code: 'TEMPLATE_EXISTS', message: 'A template of this name already exists' },
    ],
    readOnly: ['id', 'environmentId', 'createdAt', 'updatedAt'],
  },
});
export type ReplyTemplate = FromSchema<typeof replyTemplateSchema>;
