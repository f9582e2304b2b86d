import { defineResourceSchema } from './_defs/admin';
import { NAME_PATTERN } from './archetype.schema';

export const CRITERION_TYPES = [
  'all',
  'any',
  'not',
  'interaction',
  'category',
  'extractedData',
  'header',
  'metadata',
  'consolidation',
] as const;

/**
 * A criteria node: a leaf (interaction, category, extracted datum, header, metadata) or a group
 * (all / any / not) of nodes one level down. Forms cannot draw an endless tree, so the schema
 * stops at three levels, which says any rule of practice ("A and (B or C) and not D").
 */
const criterion = (depth: number): Record<string, unknown> => ({
  type: 'object',
  additionalProperties: false,
  required: ['type'],
  properties: {
    type: {
      type: 'string',
      enum: depth > 1 ? CRITERION_TYPES : CRITERION_TYPES.slice(3),
      default: 'interaction',
    },
    name: { type: 'string' },
    parameter: { type: 'string' },
    value: { type: 'string' },
    ...(depth > 1 ? { children: { type: 'array', maxItems: 50, items: criterion(depth - 1) } } : {}),
  },
});

/**
 * A criterion's name is picked among the interactions or the categories according to its type
 * (ReferenceWidget), at each of the tree's levels; other types name a datum, header or metadata key.
 */
const criterionUi = (depth: number): Record<string, unknown> => ({
  name: {
    'ui:widget': 'reference',
    'ui:options': {
      by: 'name',
      reference: { type: { interaction: 'interactions', category: 'categories' } },
    },
  },
  ...(depth > 1 ? { children: { items: criterionUi(depth - 1) } } : {}),
});

/**
 * Category (spec pipeline §3, DESIGN.md §6): for messages or for attachments, with its rules —
 * priority (lower first), name, taint, enabled, and a criteria tree. A rule that names a disabled
 * interaction is flagged and never matches.
 */
export const categorySchema = defineResourceSchema({
  $id: 'category',
  type: 'object',
  additionalProperties: false,
  required: ['name', 'kind'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    environmentId: { type: 'string', format: 'uuid' },
    name: { type: 'string', minLength: 1, maxLength: 100, pattern: NAME_PATTERN },
    kind: { type: 'string', enum: ['message', 'attachment'], default: 'message' },
    description: { type: 'string', maxLength: 500 },
    rules: {
      type: 'array',
      maxItems: 200,
      default: [],
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'priority', 'criteria'],
        properties: {
          name: { type: 'string', minLength: 1, maxLength: 100, pattern: NAME_PATTERN },
          priority: { type: 'integer', minimum: 0, maximum: 1000000 },
          enabled: { type: 'boolean', default: true },
          taint: { type: 'string', maxLength: 100 },
          criteria: criterion(3),
        },
      },
    },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
  },
  'x-admin': {
    scope: 'environment',
    path: 'categories',
    storage: 'document',
    listColumns: ['name', 'kind', 'ruleSummary', 'priority', 'updatedAt'],
    // What a rule tests, in words, and the category's first priority (its rules' lowest).
    computedColumns: { ruleSummary: { criteria: 'rules' }, priority: { lowest: 'rules.priority' } },
    searchFields: ['name', 'description'],
    filters: ['kind'],
    defaultSort: { field: 'name', order: 'ASC' },
    recordRepresentation: 'name',
    menu: false,
    access: { read: 'configurator', write: 'configurator' },
    errorMessages: {
      name: { minLength: 'Category name cannot be empty', pattern: 'Category name cannot be empty' },
      'rules.priority': {
        type: 'The priority must be a whole number',
        minimum: 'The priority must be 0 or more',
      },
    },
    unique: [
      {
        fields: ['name', 'kind'],
        code: 'CATEGORY_EXISTS',
        message: 'A category of this name already exists',
      },
    ],
    readOnly: ['id', 'environmentId', 'createdAt', 'updatedAt'],
    uiSchema: { rules: { items: { criteria: criterionUi(3) } } },
  },
});
