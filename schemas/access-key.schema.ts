import type { FromSchema } from 'json-schema-to-ts';
import { defineResourceSchema } from './_defs/admin';

/**
 * Access key of an environment (spec platform-shell §3): name, last use date, owner; the secret is
 * in the answer to its creation and nowhere else, ever (only its hash is stored). Revoking a key
 * deletes it. Keys authenticate the public API (DESIGN.md §5) for their environment only.
 */
export const accessKeySchema = defineResourceSchema({
  $id: 'access-key',
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    environmentId: { type: 'string', format: 'uuid' },
    name: { type: 'string', minLength: 1, maxLength: 100 },
    /** The first characters of the secret, to tell keys apart. */
    prefix: { type: 'string' },
    /** Only in the answer to the creation. */
    secret: { type: ['string', 'null'] },
    ownerName: { type: ['string', 'null'] },
    lastUsedAt: { type: ['string', 'null'], format: 'date-time' },
    createdAt: { type: 'string', format: 'date-time' },
  },
  'x-admin': {
    scope: 'environment',
    path: 'access-keys',
    storage: 'table',
    listColumns: ['name', 'prefix', 'ownerName', 'lastUsedAt', 'createdAt'],
    searchFields: ['name'],
    defaultSort: { field: 'createdAt', order: 'DESC' },
    recordRepresentation: 'name',
    menu: false,
    access: { read: 'configurator', write: 'configurator' },
    unique: [
      {
        fields: ['name'],
        code: 'ACCESS_KEY_NAME_TAKEN',
        message: 'This environment already has a key of this name',
      },
    ],
    readOnly: ['id', 'environmentId', 'prefix', 'secret', 'ownerName', 'lastUsedAt', 'createdAt'],
    shownOnce: ['secret'],
    operations: ['list', 'show', 'create', 'delete'],
  },
});
export type AccessKey = FromSchema<typeof accessKeySchema>;
