import type { FromSchema } from 'json-schema-to-ts';
import { defineResourceSchema } from './_defs/admin';

/** Project (spec platform-shell §3): a customer's use case, holding environments. */
export const projectSchema = defineResourceSchema({
  $id: 'project',
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    organisationId: { type: 'string', format: 'uuid' },
    name: { type: 'string', minLength: 1, maxLength: 50 },
    type: { type: 'string', enum: ['nlu', 'ic'], default: 'nlu' },
    notes: { type: 'string', maxLength: 5000, default: '' },
    createdAt: { type: 'string', format: 'date-time' },
  },
  'x-admin': {
    scope: 'organisation',
    path: 'projects',
    addressing: 'top',
    storage: 'table',
    listColumns: ['name', 'type', 'createdAt'],
    searchFields: ['name', 'notes'],
    filters: ['type'],
    defaultSort: { field: 'name', order: 'ASC' },
    recordRepresentation: 'name',
    menu: { group: 'organisation', order: 10 },
    uiSchema: { notes: { 'ui:widget': 'textarea' } },
    // Spec §6: organisation admins create projects; a project's configurators modify and delete it.
    access: { read: 'cockpit', write: 'configurator', create: 'orgAdmin' },
    readOnly: ['id', 'organisationId', 'createdAt'],
    errorMessages: { name: { maxLength: 'New project name cannot exceed 50 characters' } },
  },
});
export type Project = FromSchema<typeof projectSchema>;
