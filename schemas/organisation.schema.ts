import type { FromSchema } from 'json-schema-to-ts';
import { defineResourceSchema } from './_defs/admin';

/** Organisation (spec platform-shell §3): a customer, its members and projects, contract and quota. */
export const organisationSchema = defineResourceSchema({
  $id: 'organisation',
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    name: { type: 'string', minLength: 1, maxLength: 100 },
    /** Unset means 1 January (spec §9). */
    contractStartDate: { type: ['string', 'null'], format: 'date' },
    yearlyQuota: { type: ['integer', 'null'], minimum: 0 },
    createdAt: { type: 'string', format: 'date-time' },
  },
  'x-admin': {
    scope: 'platform',
    path: 'organisations',
    storage: 'table',
    listColumns: ['name', 'contractStartDate', 'yearlyQuota', 'createdAt'],
    searchFields: ['name'],
    defaultSort: { field: 'name', order: 'ASC' },
    recordRepresentation: 'name',
    menu: false,
    access: { read: 'member', write: 'orgAdmin', create: 'staff', delete: 'staff' },
    readOnly: ['id', 'createdAt'],
    // The contract and quota are the platform's to set: an organisation's admins cannot raise them.
    staffOnly: ['contractStartDate', 'yearlyQuota'],
  },
});
export type Organisation = FromSchema<typeof organisationSchema>;
