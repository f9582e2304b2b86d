import type { FromSchema } from 'json-schema-to-ts';
import { defineResourceSchema } from './_defs/admin';

/** Invitation to join an organisation: mailed, then accepted or declined by the invitee. */
export const invitationSchema = defineResourceSchema({
  $id: 'invitation',
  type: 'object',
  additionalProperties: false,
  required: ['email', 'firstname', 'lastname'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    email: { type: 'string', format: 'email', maxLength: 320 },
    firstname: { type: 'string', minLength: 1, maxLength: 100 },
    lastname: { type: 'string', minLength: 1, maxLength: 100 },
    position: { type: 'string', maxLength: 100, default: '' },
    role: { type: 'string', enum: ['admin', 'notAdmin'], default: 'notAdmin' },
    state: { type: 'string', enum: ['pending', 'accepted', 'declined'], default: 'pending' },
    createdAt: { type: 'string', format: 'date-time' },
  },
  'x-admin': {
    scope: 'organisation',
    path: 'invitations',
    storage: 'table',
    listColumns: ['email', 'firstname', 'lastname', 'role', 'state', 'createdAt'],
    searchFields: ['email', 'firstname', 'lastname'],
    filters: ['state'],
    defaultSort: { field: 'createdAt', order: 'DESC' },
    recordRepresentation: 'email',
    menu: { group: 'organisation', order: 30 },
    access: { read: 'orgAdmin', write: 'orgAdmin' },
    unique: [
      {
        fields: ['email'],
        code: 'ALREADY_INVITED',
        message: 'This address already has a pending invitation',
      },
    ],
    readOnly: ['id', 'state', 'createdAt'],
    operations: ['list', 'show', 'create', 'delete'],
  },
});
export type Invitation = FromSchema<typeof invitationSchema>;
