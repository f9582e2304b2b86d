import { createHash } from 'node:crypto';
import apiReference from '@scalar/fastify-api-reference';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Where the reference lives; the OpenAPI document is at `${DOCS_PREFIX}/json`. */
export const DOCS_PREFIX = '/v4/docs';

/** The `sha256-…` source of each inline script of a page, for its script-src. */
const inlineScriptHashes = (html: string): string[] =>
  [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, body]) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`,
  );

/**
 * The reference page's Content-Security-Policy (docs/security.md, "What the browser is told"):
 * Scalar's bundle, served here, and the page's own inline start-up script, allowed by its hash
 * rather than by 'unsafe-inline'; styles inline (the bundle injects its stylesheet); calls to this
 * platform only ("Try it" sends to the API itself), so that the page works with no network beyond
 * the platform and sends nothing elsewhere.
 */
export const referencePolicy = (html: string) =>
  [
    "default-src 'none'",
    ["script-src 'self'", ...inlineScriptHashes(html)].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');

/**
 * A browsable API reference (Scalar) at GET /v4/docs/, the OpenAPI document that @fastify/swagger
 * builds at GET /v4/docs/json (YAML at /v4/docs/yaml). Scalar's fastify plugin serves its own
 * bundled JavaScript (/v4/docs/js/scalar.js): no CDN, the page works offline. Its default fonts come
 * from Scalar's servers and are not asked for; the system's fonts are used.
 */
export const apiReferencePlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(apiReference, {
      routePrefix: DOCS_PREFIX,
      openApiDocumentEndpoints: { json: '/json', yaml: '/yaml' },
      configuration: {
        pageTitle: 'Analysis platform API reference',
        withDefaultFonts: false,
        hideClientButton: true,
        telemetry: false,
      },
    });
    app.addHook('onSend', async (request, reply, payload) => {
      const path = request.url.split('?')[0];
      if (path === `${DOCS_PREFIX}/` && typeof payload === 'string' && reply.statusCode === 200)
        reply.header('content-security-policy', referencePolicy(payload));
      return payload;
    });
  },
  { name: 'api-reference', dependencies: ['openapi'] },
);
