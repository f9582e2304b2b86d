import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { checkDecoded } from '../http/input';

/**
 * Every decoded input checked once, before any route sees it
 * (docs/decisions/security-invalid-characters.md): route parameters, the query string and the
 * parsed body are free of NUL and lone surrogates and nest at most MAX_JSON_DEPTH deep
 * (server/kernel/http/input.ts). Multipart forms are read by their routes, which check each part with
 * `checkFormPart`; JSON found inside a string (a list's `filter`, a form's `metadata`) is checked
 * where it is parsed.
 */
export const inputPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => {
      checkDecoded(request.params);
      checkDecoded(request.query);
      checkDecoded(request.body);
    });
  },
  { name: 'input', dependencies: ['errors'] },
);
