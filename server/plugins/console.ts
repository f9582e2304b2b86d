import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/** Paths that belong to the API: never answered with the console's index.html. */
const API_PREFIXES = ['/api/', '/v4/', '/users/', '/oauth/', '/oidc/', '/healthz'];

/**
 * Serves the built console (Vite's dist/) and answers every other GET that asks for HTML with its
 * index.html, so that deep links such as /orga/… load the single-page app.
 */
export const consolePlugin = fp(
  async (app: FastifyInstance, { dir }: { dir: string }) => {
    const index = path.join(dir, 'index.html');
    if (!fs.existsSync(index)) {
      app.log.warn({ dir }, 'no built console found: serving the API only (run `npm run build`)');
      return;
    }
    await app.register(fastifyStatic, {
      root: dir,
      wildcard: false,
      index: false,
      maxAge: '1h',
      immutable: false,
    });
    const sendIndex = (reply: FastifyReply) =>
      reply.header('Cache-Control', 'no-cache').type('text/html').send(fs.createReadStream(index));

    app.get('/', (_request, reply) => sendIndex(reply));
    app.setNotFoundHandler((request, reply) => {
      const url = request.url.split('?')[0];
      const wantsHtml = (request.headers.accept ?? '').includes('text/html');
      if (request.method === 'GET' && wantsHtml && !API_PREFIXES.some((p) => url.startsWith(p))) {
        return sendIndex(reply);
      }
      return reply.status(404).send({ message: `No route ${request.method} ${url}`, code: 'NOT_FOUND' });
    });
  },
  { name: 'console', dependencies: ['errors'] },
);
