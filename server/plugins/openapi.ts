import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The OpenAPI document, generated from the route schemas (themselves derived from the shared call
 * contracts), at GET /v4/docs. Registered before the routes so that it sees them all.
 */
export const openapiPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        info: { title: 'Analysis platform API', version: '4' },
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer', description: 'Session token (POST /api/login_check)' },
          },
        },
      },
    });
    app.get('/v4/docs', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'openapi' },
);
