import type { ErrorCode } from '../../schemas/error-codes';
import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { guardedLookup, OutboundRefused, refusedLiteral, type OutboundPolicy } from '../kernel/outbound';

/** A receiver's answer past this many bytes is cut: the attempt fails, the worker is not held. */
export const MAX_ANSWER_BYTES = 1024 * 1024;

/** What the receiver said of an attempt: its status code, or why there was none. */
export interface AttemptOutcome {
  ok: boolean;
  statusCode: number | null;
  /** A stable code (for the console's words) and the server's own words. */
  error: { code: ErrorCode; message: string; params?: Record<string, unknown> } | null;
  durationMs: number;
  /** The answer's first `keepAnswerBytes` bytes, when the attempt asked to keep them. */
  answer?: Buffer;
}

/**
 * The signature of the body alone (docs/webhooks.md, `X-Signature-SHA256`): lowercase hex HMAC-SHA256
 * keyed with the secret's UTF-8 bytes. Deprecated: a captured delivery stays valid under it forever;
 * kept for one release while receivers move to `webhook-signature`.
 */
export const sign = (secret: string, body: Buffer) => createHmac('sha256', secret).update(body).digest('hex');

/**
 * The HMAC key of a secret as Standard Webhooks serializes it: the base64 after `whsec_` (the
 * base64url of the secrets made before is read the same). A secret without the prefix (an
 * operator's WORKFLOW_SECRET) is its UTF-8 bytes.
 */
export const signingKey = (secret: string): Buffer =>
  secret.startsWith('whsec_') ? Buffer.from(secret.slice(6), 'base64') : Buffer.from(secret, 'utf8');

/**
 * The Standard Webhooks signature (docs/webhooks.md, "Verifying the signature"): `v1,` and the
 * base64 HMAC-SHA256 of `{id}.{timestamp}.{body}`, so that neither the delivery nor its moment can
 * be changed, and a receiver refuses a captured request sent again once its timestamp is old.
 */
export const signStandard = (secret: string, id: string, timestamp: number, body: Buffer) =>
  `v1,${createHmac('sha256', signingKey(secret)).update(`${id}.${timestamp}.`).update(body).digest('base64')}`;

export interface Attempt {
  url: string;
  body: Buffer;
  /**
   * The message's id (`webhook-id`): the same for every attempt and replay of one delivery. It must
   * hold no `.`, which separates the signed parts (a UUID).
   */
  id: string;
  /** Signs the attempt (`webhook-signature`, and the deprecated X-Signature-SHA256) when given. */
  secret?: string;
  headers: Record<string, string>;
  timeoutMs: number;
  policy: OutboundPolicy;
  /** The clock of `webhook-timestamp`, in milliseconds (tests give their own). */
  now?: () => number;
  /** Keeps the answer's first bytes, up to this many, in the outcome (`answer`); otherwise it is dropped. */
  keepAnswerBytes?: number;
}

// Keep-alive agents: a receiver taking many deliveries is not asked for a new connection each time.
const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 64 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 64 }),
};

/**
 * One attempt: POST the body, signed (Standard Webhooks headers), to the URL; success is a 2xx within the timeout. The
 * connection goes only to an address the policy allows (outbound.ts); the answer is read up to
 * MAX_ANSWER_BYTES and dropped, but for its first `keepAnswerBytes` when asked. Never throws: every
 * failure is an outcome.
 */
export const attempt = ({
  url,
  body,
  id,
  secret,
  headers,
  timeoutMs,
  policy,
  now = Date.now,
  keepAnswerBytes = 0,
}: Attempt): Promise<AttemptOutcome> => {
  const started = performance.now();
  // Each attempt is signed at its own moment: a retry or a replay is as fresh as its sending.
  const timestamp = Math.floor(now() / 1000);
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const kept: Buffer[] = [];
    let keptBytes = 0;
    const done = (statusCode: number | null, error: AttemptOutcome['error']) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({
        ok: error === null && statusCode !== null && statusCode >= 200 && statusCode < 300,
        statusCode,
        error,
        durationMs: Math.round(performance.now() - started),
        ...(keepAnswerBytes > 0 ? { answer: Buffer.concat(kept) } : {}),
      });
    };
    const request = client.request(target, {
      method: 'POST',
      agent: agents[target.protocol as 'http:' | 'https:'],
      lookup: guardedLookup(policy),
      headers: {
        ...headers,
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(body.length),
        'user-agent': 'analysis-platform-webhooks/1',
        'webhook-id': id,
        'webhook-timestamp': String(timestamp),
        ...(secret
          ? {
              'webhook-signature': signStandard(secret, id, timestamp, body),
              'x-signature-sha256': sign(secret, body),
            }
          : {}),
      },
    });
    const timer = setTimeout(() => {
      done(null, {
        code: 'DELIVERY_TIMEOUT',
        message: `The receiver did not answer within ${timeoutMs / 1000} s`,
        params: { seconds: timeoutMs / 1000 },
      });
      request.destroy();
    }, timeoutMs);
    request.on('response', (response) => {
      const statusCode = response.statusCode ?? 0;
      let received = 0;
      response.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (keptBytes < keepAnswerBytes) {
          const part = chunk.subarray(0, keepAnswerBytes - keptBytes);
          kept.push(part);
          keptBytes += part.length;
        }
        if (received > MAX_ANSWER_BYTES) {
          done(statusCode, {
            code: 'DELIVERY_ANSWER_TOO_LARGE',
            message: `The receiver's answer passed ${MAX_ANSWER_BYTES / 1024 / 1024} MB; it was cut`,
            params: { megabytes: MAX_ANSWER_BYTES / 1024 / 1024 },
          });
          response.destroy();
          request.destroy();
        }
      });
      response.on('end', () =>
        done(
          statusCode,
          statusCode >= 200 && statusCode < 300
            ? null
            : {
                code: 'DELIVERY_HTTP_ERROR',
                message: `The receiver answered HTTP ${statusCode}`,
                params: { status: statusCode },
              },
        ),
      );
      response.on('error', (err) =>
        done(statusCode, { code: 'DELIVERY_FAILED', message: err.message, params: { reason: err.message } }),
      );
    });
    const refused = refusedLiteral(target, policy);
    if (refused) request.destroy(refused);
    request.on('error', (err) => {
      if (err instanceof OutboundRefused)
        return done(null, {
          code: 'DELIVERY_REFUSED_ADDRESS',
          message: err.message,
          params: { host: err.host, address: err.address },
        });
      const code = (err as NodeJS.ErrnoException).code;
      done(null, {
        code: 'DELIVERY_UNREACHABLE',
        message: `The receiver could not be reached: ${code ?? err.message}`,
        params: { reason: code ?? err.message },
      });
    });
    request.end(body);
  });
};
