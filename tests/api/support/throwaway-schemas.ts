import { defineResourceSchema } from '../../../schemas/_defs/admin';
import type { ErrorCode } from '../../../schemas/error-codes';

/** Environment-scoped, nested: `/environments/{envId}/widgets`. */
export const widgetSchema = defineResourceSchema({
  $id: 'widget',
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    environmentId: { type: 'string', format: 'uuid' },
    name: { type: 'string', minLength: 1, maxLength: 40 },
    size: { type: 'integer', minimum: 0, default: 0 },
    enabled: { type: 'boolean', default: true },
    tags: { type: 'array', items: { type: 'string' }, default: [] },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
  },
  'x-admin': {
    scope: 'environment',
    path: 'widgets',
    storage: 'document',
    listColumns: ['name', 'size', 'enabled'],
    searchFields: ['name'],
    filters: ['enabled'],
    defaultSort: { field: 'name', order: 'ASC' },
    recordRepresentation: 'name',
    menu: false,
    access: { read: 'cockpit', write: 'configurator' },
    // A test-only resource: its code is none the product emits, hence outside the registry.
    unique: [
      { fields: ['name'], code: 'WIDGET_NAME_TAKEN' as ErrorCode, message: 'This widget name is taken' },
    ],
    readOnly: ['id', 'environmentId', 'createdAt', 'updatedAt'],
    errorMessages: { size: { minimum: 'A widget cannot be smaller than nothing' } },
  },
});

/** An organisation-wide document resource, addressed at the top like projects. */
export const labelSchema = defineResourceSchema({
  $id: 'label',
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    organisationId: { type: 'string', format: 'uuid' },
    name: { type: 'string', minLength: 1 },
  },
  'x-admin': {
    scope: 'organisation',
    path: 'labels',
    addressing: 'top',
    storage: 'document',
    listColumns: ['name'],
    recordRepresentation: 'name',
    menu: false,
    access: { read: 'member', write: 'orgAdmin' },
    readOnly: ['id', 'organisationId'],
  },
});

/** Platform-wide (not organisations): `/templates`, read by everyone signed in, written by staff. */
export const templateSchema = defineResourceSchema({
  $id: 'template',
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    name: { type: 'string', minLength: 1 },
  },
  'x-admin': {
    scope: 'platform',
    path: 'templates',
    storage: 'document',
    listColumns: ['name'],
    recordRepresentation: 'name',
    menu: false,
    access: { read: 'member', write: 'staff' },
    readOnly: ['id'],
  },
});

/** A throwaway resource with a field that goes with one choice: plain JSON Schema `if`/`then`. */
export const contraptionSchema = defineResourceSchema({
  $id: 'contraption',
  type: 'object',
  additionalProperties: false,
  required: ['name', 'mode'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    environmentId: { type: 'string', format: 'uuid' },
    name: { type: 'string', minLength: 1, maxLength: 40 },
    mode: { type: 'string', enum: ['manual', 'scheduled'], default: 'manual' },
    schedule: { type: 'string', minLength: 1 },
    note: { type: 'string' },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
  },
  allOf: [
    {
      if: { required: ['mode'], properties: { mode: { const: 'scheduled' } } },
      then: { properties: { schedule: {} }, required: ['schedule'] },
    },
  ],
  'x-admin': {
    scope: 'environment',
    path: 'contraptions',
    storage: 'document',
    listColumns: ['name', 'mode'],
    searchFields: ['name'],
    recordRepresentation: 'name',
    menu: false,
    access: { read: 'configurator', write: 'configurator' },
    readOnly: ['id', 'environmentId', 'createdAt', 'updatedAt'],
  },
});
