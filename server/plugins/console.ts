import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Paths that belong to the API: never answered with the console's index.html. */
const API_PREFIXES = ['/api/', '/v4/', '/users/', '/oauth/', '/oidc/', '/healthz'];

/** Answers a request that matched no route; false when it is not the console's to answer. */
export type ConsoleFallback = (request: FastifyRequest, reply: FastifyReply) => boolean;

/**
 * Serves the built console (Vite's dist/). Deep links such as /orga/… are answered with its
 * index.html through the returned fallback, which the app's not-found handler calls first.
 */
export const registerConsole = async (
  app: FastifyInstance,
  folder: string,
): Promise<ConsoleFallback | undefined> => {
  const dir = path.resolve(folder);
  const index = path.join(dir, 'index.html');
  if (!fs.existsSync(index)) {
    app.log.warn({ dir }, 'no built console found: serving the API only (run `npm run build`)');
    return undefined;
  }
  await app.register(fastifyStatic, { root: dir, wildcard: false, index: false, maxAge: '1h' });
  const sendIndex = (reply: FastifyReply) =>
    reply.header('Cache-Control', 'no-cache').type('text/html').send(fs.createReadStream(index));
  app.get('/', (_request, reply) => sendIndex(reply));
  return (request, reply) => {
    const url = request.url.split('?')[0];
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    if (request.method !== 'GET' || !wantsHtml || API_PREFIXES.some((p) => url.startsWith(p))) return false;
    void sendIndex(reply);
    return true;
  };
};
