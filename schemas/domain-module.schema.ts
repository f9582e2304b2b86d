import type { FromSchema } from 'json-schema-to-ts';
import { defineResourceSchema } from './_defs/admin';
import { NAME_PATTERN } from './archetype.schema';
import type { ClassificationKind } from './bank-message.schema';

/**
 * The pipeline modules whose output a test scores, and the classification kinds each gives
 * (DESIGN.md §6 "Testing centre"): the categorisation gives the categories of the message and of
 * its attachments, the information extraction the values extracted from either. No module gives
 * RPA labels yet.
 */
export const DOMAIN_MODULE_TYPES = ['categorization', 'extraction'] as const;
export type DomainModuleType = (typeof DOMAIN_MODULE_TYPES)[number];
export const KINDS_OF_MODULE: Record<DomainModuleType, readonly ClassificationKind[]> = {
  categorization: ['categories', 'attachments_categories'],
  extraction: ['extracted_informations', 'extracted_informations_attachments'],
};

/**
 * A domain module (the testing centre's "parameters", spec pipeline §2–3): a named source of
 * classifications in the project — which pipeline module's output it is — that domain rules point
 * at. Project-wide, like the bank; deleting one that a domain rule uses is refused.
 */
export const domainModuleSchema = defineResourceSchema({
  $id: 'domain-module',
  type: 'object',
  additionalProperties: false,
  required: ['name', 'module'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    projectId: { type: 'string', format: 'uuid' },
    name: { type: 'string', minLength: 1, maxLength: 100, pattern: NAME_PATTERN },
    module: { type: 'string', enum: DOMAIN_MODULE_TYPES, default: 'categorization' },
    description: { type: 'string', maxLength: 500, default: '' },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
  },
  'x-admin': {
    scope: 'project',
    path: 'domain-modules',
    storage: 'document',
    listColumns: ['name', 'module', 'description', 'updatedAt'],
    searchFields: ['name', 'description'],
    filters: ['module'],
    defaultSort: { field: 'name', order: 'ASC' },
    recordRepresentation: 'name',
    menu: false,
    uiSchema: { description: { 'ui:widget': 'textarea' } },
    // The testing centre's parameters: the qualifier level, as the rest of it (spec §6).
    access: { read: 'qualifier', write: 'qualifier' },
    unique: [
      {
        fields: ['name'],
        code: 'DOMAIN_MODULE_NAME_TAKEN',
        message: 'A domain module of this project already has this name',
      },
    ],
    readOnly: ['id', 'projectId', 'createdAt', 'updatedAt'],
  },
});
export type DomainModule = FromSchema<typeof domainModuleSchema>;
