import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isApiPath } from './headers';

/**
 * The console page's Content-Security-Policy (docs/decisions/security-console-csp.md): its own
 * scripts only, and no code made from strings (Vite emits no inline script; the forms' validator
 * interprets their schemas, src/rjsf/validator.ts), inline styles (MUI and emotion inject them), images from itself and data:/blob:
 * URLs, calls to its own API, no plugin, no <base>, and no framing by any page (clickjacking). The
 * optional analytics (VITE_ANALYTICS_API_HOST, read here at start as at build) load their script
 * from their assets host and send to their API host. The email preview is an `<iframe srcdoc>`
 * that inherits this policy and narrows it with its own (sanitizeEmailHtml.ts).
 */
export const consolePolicy = (analyticsHost = process.env.VITE_ANALYTICS_API_HOST) => {
  const analytics = analyticsOrigins(analyticsHost);
  return [
    "default-src 'self'",
    ["script-src 'self'", ...analytics].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    ["connect-src 'self'", ...analytics].join(' '),
    "frame-src 'self' blob:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
};

/** The analytics API host and, for PostHog cloud, its assets host (src/analytics/posthogLoader.ts). */
const analyticsOrigins = (host: string | undefined): string[] => {
  if (!host) return [];
  try {
    const api = new URL(host).origin;
    const assets = api.replace('.i.posthog.com', '-assets.i.posthog.com');
    return assets === api ? [api] : [api, assets];
  } catch {
    return [];
  }
};

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
  const policy = consolePolicy();
  // Every HTML answer carries the page's policy and is revalidated at each load: index.html by its
  // name as much as the fallback (one without the policy could be framed), any other page of dist/.
  const pageHeaders = {
    'cache-control': 'no-cache',
    'content-security-policy': policy,
    'x-frame-options': 'DENY',
  };
  await app.register(fastifyStatic, {
    root: dir,
    wildcard: false,
    index: false,
    maxAge: '1h',
    setHeaders: (reply, file) => {
      if (/\.html?$/i.test(file)) reply.headers(pageHeaders);
    },
  });
  const sendIndex = (reply: FastifyReply) =>
    reply.headers(pageHeaders).type('text/html').send(fs.createReadStream(index));
  app.get('/', (_request, reply) => sendIndex(reply));
  return (request, reply) => {
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    if (request.method !== 'GET' || !wantsHtml || isApiPath(request.url)) return false;
    void sendIndex(reply);
    return true;
  };
};
