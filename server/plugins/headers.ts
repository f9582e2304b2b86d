import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Headers every answer carries (issue 18): `nosniff`, so that no browser runs an answer (an error,
 * a download, a JSON document) as something other than its declared type. The console's page adds
 * its Content-Security-Policy (plugins/console.ts); downloads their own (routes/console/analyses.ts).
 */
export const headersPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('x-content-type-options', 'nosniff');
    });
  },
  { name: 'headers' },
);
