import type { FromSchema } from 'json-schema-to-ts';
import { defineResourceSchema } from './_defs/admin';

/**
 * A named version of an environment's configuration (spec platform-shell §2–3: versions, name and
 * date), listed on the project's versions page. Saving one snapshots the environment as it is; a
 * version can be compared with another or with the current state, and restored.
 */
export const versionSchema = defineResourceSchema({
  $id: 'version',
  type: 'object',
  additionalProperties: false,
  required: ['name', 'environmentId'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    projectId: { type: 'string', format: 'uuid' },
    environmentId: { type: 'string', format: 'uuid' },
    environmentName: { type: 'string' },
    name: { type: 'string', minLength: 1, maxLength: 100 },
    ownerName: { type: ['string', 'null'] },
    createdAt: { type: 'string', format: 'date-time' },
  },
  'x-admin': {
    scope: 'project',
    path: 'versions',
    storage: 'table',
    listColumns: ['name', 'environmentName', 'ownerName', 'createdAt'],
    searchFields: ['name', 'environmentName'],
    filters: ['environmentId'],
    defaultSort: { field: 'createdAt', order: 'DESC' },
    recordRepresentation: 'name',
    menu: false,
    access: { read: 'configurator', write: 'configurator' },
    readOnly: ['id', 'projectId', 'environmentName', 'ownerName', 'createdAt'],
    uiSchema: { environmentId: { 'ui:widget': 'reference', 'ui:options': { reference: 'environments' } } },
    operations: ['list', 'show', 'create', 'delete'],
  },
});
export type Version = FromSchema<typeof versionSchema>;
