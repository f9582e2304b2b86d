import type { FromSchema } from 'json-schema-to-ts';
import { defineResourceSchema } from './_defs/admin';

/** An HTTP header name (RFC 9110 token): no space, no control character, no separator. */
export const HEADER_NAME_PATTERN = "^[!#$%&'*+.^_`|~0-9A-Za-z-]+$";

/** Secrets a user brings must be at least this long; generated ones are 32 random bytes. */
export const MIN_SECRET_LENGTH = 32;

/**
 * A webhook of an environment (spec platform-shell §3, pipeline §3–§4): every analysis that ends
 * (`type`: processed only, or every end) is posted to `url` as the output module's payload (`format`
 * full, or light: without HTML body, NLU output and attachments' data), signed with the secret
 * (`X-Signature-SHA256`, docs/webhooks.md). The secret is in the answer to the creation (or to an
 * edit that sets a new one) and nowhere else; the authorization value is never read back.
 */
export const webhookSchema = defineResourceSchema({
  $id: 'webhook',
  type: 'object',
  additionalProperties: false,
  required: ['url'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    environmentId: { type: 'string', format: 'uuid' },
    url: {
      type: 'string',
      minLength: 1,
      maxLength: 2048,
      format: 'uri',
      pattern: '^[Hh][Tt][Tt][Pp][Ss]?://[^\\s]+$',
    },
    type: { type: 'string', enum: ['processed', 'finished'], default: 'processed' },
    format: { type: 'string', enum: ['full', 'light'], default: 'full' },
    active: { type: 'boolean', default: true },
    authorizationName: {
      type: ['string', 'null'],
      maxLength: 100,
      pattern: HEADER_NAME_PATTERN,
      examples: ['Authorization'],
    },
    /** Written, never read back (null in every answer). */
    authorizationValue: {
      type: ['string', 'null'],
      examples: [null],
      maxLength: 4096,
      pattern: '^[^\\u0000-\\u001f\\u007f]*$',
    },
    /** Optional on creation (one is generated); shown once. */
    secret: {
      type: ['string', 'null'],
      minLength: MIN_SECRET_LENGTH,
      maxLength: 200,
      pattern: '^[!-~]+$',
      examples: [null],
    },
    failingSince: { type: ['string', 'null'], format: 'date-time' },
    deactivatedReason: { type: ['string', 'null'] },
    ownerName: { type: ['string', 'null'] },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
  },
  'x-admin': {
    scope: 'environment',
    path: 'webhooks',
    storage: 'table',
    listColumns: ['url', 'type', 'format', 'active', 'failingSince', 'createdAt'],
    searchFields: ['url'],
    filters: ['active'],
    defaultSort: { field: 'createdAt', order: 'DESC' },
    recordRepresentation: 'url',
    menu: false,
    access: { read: 'configurator', write: 'configurator' },
    errorMessages: {
      url: {
        pattern: 'The address must be an http:// or https:// URL',
        format: 'The address must be an http:// or https:// URL',
      },
      authorizationName: { pattern: 'A header name has letters, digits and - only, no space' },
      authorizationValue: { pattern: 'The header value may not hold control characters' },
      secret: {
        minLength: `A signing secret has at least ${MIN_SECRET_LENGTH} characters`,
        pattern: 'A signing secret has printable characters and no space',
      },
    },
    readOnly: [
      'id',
      'environmentId',
      'failingSince',
      'deactivatedReason',
      'ownerName',
      'createdAt',
      'updatedAt',
    ],
    shownOnce: ['secret'],
    uiSchema: {
      'ui:order': [
        'url',
        'type',
        'format',
        'active',
        'authorizationName',
        'authorizationValue',
        'secret',
        '*',
      ],
      authorizationValue: { 'ui:widget': 'password' },
      secret: { 'ui:widget': 'password' },
    },
  },
});
export type Webhook = FromSchema<typeof webhookSchema>;
