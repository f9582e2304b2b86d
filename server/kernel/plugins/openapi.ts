import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { WEBHOOK_HEADERS, webhookPayloadSchema } from '../../../schemas/webhook-payload';

/** The payload's schema as a component: without its $id, which OpenAPI would read as a new base URI. */
const { $id: _id, ...payloadSchema } = webhookPayloadSchema;

/**
 * The OpenAPI document, generated from the route schemas (themselves derived from the shared call
 * contracts), published at GET /v4/docs/json with a browsable reference at /v4/docs (api-reference.ts).
 * Registered before the routes so that it sees them all.
 */
export const openapiPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        // 3.1: the document also says what the platform posts to webhooks (`webhooks`).
        openapi: '3.1.0',
        info: { title: 'Analysis platform API', version: '4' },
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer', description: 'Session token (POST /api/login_check)' },
          },
          // A JSON Schema literal (readonly arrays) where the types want mutable OpenAPI objects.
          schemas: { WebhookPayload: payloadSchema as unknown as Record<string, never> },
        },
        webhooks: {
          analysisEnded: {
            post: {
              summary: 'An analysis ended: its payload, posted to each active webhook of its environment',
              description:
                'Signed with the webhook’s secret (docs/webhooks.md). Any 2xx within 10 s is a success; ' +
                'anything else is retried with exponential backoff, 7 attempts over about an hour.',
              parameters: Object.entries(WEBHOOK_HEADERS).map(([name, description]) => ({
                name,
                in: 'header' as const,
                required: true,
                description,
                schema: { type: 'string' as const },
              })),
              requestBody: {
                required: true,
                content: { 'application/json': { schema: { $ref: '#/components/schemas/WebhookPayload' } } },
              },
              responses: { '2XX': { description: 'Delivered' } },
            },
          },
        },
      },
    });
  },
  { name: 'openapi' },
);
