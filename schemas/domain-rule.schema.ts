import type { FromSchema } from 'json-schema-to-ts';
import { defineResourceSchema } from './_defs/admin';
import { NAME_PATTERN } from './archetype.schema';
import { CLASSIFICATION_KINDS } from './bank-message.schema';
import { MODULE_INPUT_TYPES } from './modules';

/**
 * A domain rule (spec pipeline §3, §5; DESIGN.md §6 "Testing centre"): for one classification of a
 * kind and one input type, which domain module's output a test scores, with a priority per
 * environment — lower first, as category rules. Its name is the name of a categorisation rule of
 * the project (spec §5: a name matching no project rule is invalid).
 *
 * Once an environment has a domain rule, its tests score only the classifications a rule covers;
 * the others are NO_DOMAIN_RULE, left out of the scores and listed apart. An environment without
 * one scores every module's output.
 */
export const domainRuleSchema = defineResourceSchema({
  $id: 'domain-rule',
  type: 'object',
  additionalProperties: false,
  required: ['name', 'classification', 'module'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    projectId: { type: 'string', format: 'uuid' },
    name: { type: 'string', minLength: 1, maxLength: 100, pattern: NAME_PATTERN },
    kind: { type: 'string', enum: CLASSIFICATION_KINDS, default: 'categories' },
    classification: { type: 'string', minLength: 1, maxLength: 100, pattern: NAME_PATTERN },
    inputType: { type: 'string', enum: MODULE_INPUT_TYPES, default: 'all' },
    /** The domain module (its id) whose output counts. */
    module: { type: 'string', format: 'uuid' },
    priorities: {
      type: 'array',
      maxItems: 100,
      default: [],
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['environmentId', 'priority'],
        properties: {
          environmentId: { type: 'string', format: 'uuid' },
          priority: { type: 'integer', minimum: 0, maximum: 1000000, default: 0 },
        },
      },
    },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
  },
  'x-admin': {
    scope: 'project',
    path: 'domain-rules',
    storage: 'document',
    listColumns: ['name', 'kind', 'classification', 'inputType', 'module', 'priorities'],
    searchFields: ['name', 'classification'],
    filters: ['kind', 'inputType'],
    defaultSort: { field: 'name', order: 'ASC' },
    recordRepresentation: 'name',
    menu: false,
    uiSchema: {
      name: { 'ui:widget': 'projectRule' },
      module: { 'ui:widget': 'reference', 'ui:options': { reference: 'domain-modules' } },
      priorities: {
        items: {
          environmentId: { 'ui:widget': 'reference', 'ui:options': { reference: 'environments' } },
        },
      },
    },
    // Spec §6: domain-rules require the qualifier level.
    access: { read: 'qualifier', write: 'qualifier' },
    readOnly: ['id', 'projectId', 'createdAt', 'updatedAt'],
  },
});
export type DomainRule = FromSchema<typeof domainRuleSchema>;
