import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Paths that belong to the API: never answered with the console's index.html, never cached. */
const API_PREFIXES = ['/api/', '/v4/', '/users/', '/oauth/', '/oidc/', '/healthz'];

/** Whether a request URL (query string or not) is the API's rather than the console's. */
export const isApiPath = (url: string) => {
  const path = url.split('?')[0];
  return API_PREFIXES.some((prefix) => path.startsWith(prefix));
};

/**
 * Headers every answer carries (docs/security.md, "What the browser is told"): `nosniff`, so that
 * no browser runs an answer (an error, a download, a JSON document) as something other than its
 * declared type; `no-referrer`, so that no URL of the console (ids, a reset link's token) leaves in
 * a Referer. API answers are `no-store`: they are one user's data, never to be kept by a browser or
 * a proxy (the console's hashed assets keep their cache, plugins/console.ts). The console's pages
 * add their Content-Security-Policy (plugins/console.ts); downloads their own (analyses/console-routes.ts).
 */
export const headersPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request, reply) => {
      reply.header('x-content-type-options', 'nosniff');
      reply.header('referrer-policy', 'no-referrer');
      if (isApiPath(request.url)) reply.header('cache-control', 'no-store');
    });
  },
  { name: 'headers' },
);
