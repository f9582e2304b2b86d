import type { FromSchema } from 'json-schema-to-ts';
import { defineResourceSchema } from './_defs/admin';

/**
 * Member of an organisation (spec platform-shell §3, §6): the account, the organisation role and a
 * level per project. Creating one creates the account and mails a link to set its password.
 */
export const memberSchema = defineResourceSchema({
  $id: 'member',
  type: 'object',
  additionalProperties: false,
  required: ['firstname', 'lastname', 'username', 'email'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    firstname: { type: 'string', minLength: 1, maxLength: 100 },
    lastname: { type: 'string', minLength: 1, maxLength: 100 },
    username: { type: 'string', minLength: 1, maxLength: 180 },
    email: { type: 'string', format: 'email', maxLength: 320 },
    position: { type: 'string', maxLength: 100, default: '' },
    role: { type: 'string', enum: ['admin', 'notAdmin'], default: 'notAdmin' },
    projects: {
      type: 'array',
      default: [],
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['projectId', 'access'],
        properties: {
          projectId: { type: 'string', format: 'uuid' },
          access: { type: 'string', enum: ['configurator', 'qualifier', 'cockpit', 'noAccess'] },
        },
      },
    },
    createdAt: { type: 'string', format: 'date-time' },
  },
  'x-admin': {
    scope: 'organisation',
    path: 'members',
    storage: 'table',
    listColumns: ['firstname', 'lastname', 'username', 'email', 'position', 'role'],
    searchFields: ['firstname', 'lastname', 'username', 'email', 'position'],
    filters: ['role'],
    defaultSort: { field: 'lastname', order: 'ASC' },
    recordRepresentation: 'username',
    menu: { group: 'organisation', order: 20 },
    uiSchema: {
      projects: {
        items: { projectId: { 'ui:widget': 'reference', 'ui:options': { reference: 'projects' } } },
      },
    },
    access: { read: 'member', write: 'orgAdmin' },
    unique: [
      { fields: ['username'], code: 'USERNAME_TAKEN', message: 'This username is already used' },
      { fields: ['email'], code: 'EMAIL_TAKEN', message: 'This email address is already a member' },
    ],
    readOnly: ['id', 'createdAt'],
  },
});
export type Member = FromSchema<typeof memberSchema>;
