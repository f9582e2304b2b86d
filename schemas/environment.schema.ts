import type { FromSchema } from 'json-schema-to-ts';
import { defineResourceSchema } from './_defs/admin';

/** Environment (spec platform-shell §3): one configured pipeline of a project. */
export const environmentSchema = defineResourceSchema({
  $id: 'environment',
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    projectId: { type: 'string', format: 'uuid' },
    name: { type: 'string', minLength: 1, maxLength: 80 },
    aiVersion: { type: 'string', enum: ['v4', 'v5'], default: 'v4' },
    visibility: { type: 'string', enum: ['public', 'hidden'], default: 'public' },
    createdAt: { type: 'string', format: 'date-time' },
  },
  'x-admin': {
    scope: 'project',
    path: 'environments',
    storage: 'table',
    listColumns: ['name', 'aiVersion', 'visibility', 'createdAt'],
    searchFields: ['name'],
    filters: ['visibility', 'aiVersion'],
    defaultSort: { field: 'name', order: 'ASC' },
    recordRepresentation: 'name',
    menu: { group: 'project', order: 10 },
    access: { read: 'cockpit', write: 'configurator' },
    unique: [
      {
        fields: ['name'],
        code: 'ENV_NAME_TAKEN',
        message: 'This name is already used for an environment in this project',
      },
    ],
    readOnly: ['id', 'projectId', 'createdAt'],
  },
});
export type Environment = FromSchema<typeof environmentSchema>;
