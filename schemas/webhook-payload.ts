import { VISION_TYPES } from './vision';

/**
 * The body a webhook receives (docs/webhooks.md), as a JSON Schema: published in the OpenAPI
 * document (components.schemas.WebhookPayload and its `webhooks` entry) and checked against the
 * payloads the output module builds, flag by flag (server/pipeline/output/payload.test.ts).
 * `OutputPayload` (schemas/output.ts) is its TypeScript face; the two are kept together by that test.
 *
 * A processed analysis sends the output module's payload (the light format leaves out `htmlBody`,
 * `nlu` and the attachments' `data`); an analysis in error (webhook type `finished`) sends its
 * identity, status and error.
 */
const nullableString = { type: ['string', 'null'] } as const;
const address = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'address'],
  properties: { name: { type: 'string' }, address: { type: 'string' } },
} as const;

export const webhookPayloadSchema = {
  $id: 'webhook-payload',
  title: 'WebhookPayload',
  type: 'object',
  additionalProperties: false,
  required: ['analysisId', 'name', 'status'],
  properties: {
    analysisId: { type: 'string', format: 'uuid' },
    name: { type: 'string' },
    status: { type: 'string', enum: ['processed', 'error'] },
    /** Only for an analysis in error. */
    error: { type: 'string' },
    language: nullableString,
    email: {
      type: 'object',
      additionalProperties: false,
      required: ['headers', 'messageId', 'from', 'to', 'cc', 'subject', 'date'],
      properties: {
        headers: { type: 'object', additionalProperties: { type: 'string' } },
        messageId: nullableString,
        from: { anyOf: [address, { type: 'null' }] },
        to: { type: 'array', items: address },
        cc: { type: 'array', items: address },
        subject: nullableString,
        date: nullableString,
      },
    },
    htmlBody: nullableString,
    attachments: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['fileName', 'mime', 'size'],
        properties: {
          fileName: { type: 'string' },
          mime: { type: 'string' },
          size: { type: 'integer', minimum: 0 },
          /** Base64 of the file; null when it was over the payload's bound; absent in the light format. */
          data: nullableString,
        },
      },
    },
    categories: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'rule', 'taint'],
        properties: { name: { type: 'string' }, rule: nullableString, taint: nullableString },
      },
    },
    attachmentsCategories: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['fileName', 'page', 'name', 'rule'],
        properties: {
          fileName: { type: 'string' },
          page: { type: ['integer', 'null'] },
          name: { type: 'string' },
          rule: nullableString,
        },
      },
    },
    extractedData: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'value', 'source'],
        properties: {
          name: { type: 'string' },
          value: { type: ['string', 'number'] },
          source: { type: 'string' },
        },
      },
    },
    metadata: { type: 'object' },
    nlu: {
      type: 'object',
      additionalProperties: false,
      required: ['interactions'],
      properties: {
        interactions: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['name', 'context', 'text', 'parameters'],
            properties: {
              name: { type: 'string' },
              context: { type: 'string' },
              text: { type: 'string' },
              parameters: {
                type: 'object',
                additionalProperties: { type: 'array', items: { type: 'string' } },
              },
            },
          },
        },
      },
    },
    reply: {
      anyOf: [
        {
          type: 'object',
          additionalProperties: false,
          required: ['template', 'text'],
          properties: { template: { type: 'string' }, text: { type: 'string' } },
        },
        { type: 'null' },
      ],
    },
    vision: {
      description:
        'What the vision engine answered (flag visionOutput): a strict classification’s category key, a strict extraction’s fields, or a custom prompt’s text; null when it did not run',
      anyOf: [
        {
          type: 'object',
          additionalProperties: false,
          required: ['type', 'model', 'images'],
          properties: {
            type: { type: 'string', enum: [...VISION_TYPES] },
            model: { type: 'string' },
            images: { type: 'integer', minimum: 0 },
            category: { type: 'string' },
            data: { type: 'object', additionalProperties: { type: ['string', 'null'] } },
            text: { type: 'string' },
          },
        },
        { type: 'null' },
      ],
    },
  },
} as const;

/** The headers of every delivery (docs/webhooks.md), for the OpenAPI document. */
export const WEBHOOK_HEADERS = {
  'X-Signature-SHA256': 'Lowercase hex HMAC-SHA256 of the raw body, keyed with the webhook’s signing secret',
  'X-Delivery-Id': 'The delivery’s UUID: the same for every attempt and replay; receivers de-duplicate on it',
  'X-Delivery-Attempt': 'The attempt’s number, from 1; replays continue the count',
  'X-Webhook-Id': 'The webhook’s UUID',
} as const;
