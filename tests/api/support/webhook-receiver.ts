import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the receiver answers the next requests. */
export type ReceiverMode =
  | 'ok'
  /** Closes the connection without an answer (a receiver down, a crashed proxy). */
  | 'reset'
  | 'error500'
  /** Never answers. */
  | 'hang'
  /** A 200 whose body never ends (100 MB and more). */
  | 'huge';

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** Whether X-Signature-SHA256 is the HMAC-SHA256 of the raw body with the secret (docs/webhooks.md). */
  signed: (secret: string) => boolean;
  /**
   * Whether `webhook-signature` holds `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{timestamp}.{body}`,
   * keyed with the base64 after `whsec_` (Standard Webhooks), computed here apart from the platform's
   * code; `timestamp` replaces the header's (a tampered one).
   */
  standardSigned: (secret: string, timestamp?: string) => boolean;
  mode: ReceiverMode;
  at: number;
}

/**
 * A webhook receiver on loopback, as a customer would write one: it checks nothing itself, keeps
 * every request, and counts the deliveries it accepted by X-Delivery-Id (a receiver de-duplicates on
 * it), so that a test sees both every attempt and what the customer's system took in.
 */
export const startWebhookReceiver = async (initial: ReceiverMode = 'ok') => {
  let mode = initial;
  /** What an accepted request is answered: nothing (204), or this JSON (200). */
  let answer: unknown = null;
  const requests: Received[] = [];
  /** Accepted (2xx) deliveries, by X-Delivery-Id: how many times each was accepted. */
  const accepted = new Map<string, number>();
  const waiters = new Set<() => void>();
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const now = mode;
      requests.push({
        headers: req.headers,
        body,
        mode: now,
        at: Date.now(),
        signed: (secret) => {
          const expected = Buffer.from(createHmac('sha256', secret).update(body).digest('hex'));
          const given = Buffer.from(String(req.headers['x-signature-sha256'] ?? ''));
          return given.length === expected.length && timingSafeEqual(given, expected);
        },
        standardSigned: (secret, timestamp = String(req.headers['webhook-timestamp'])) => {
          const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
          const content = Buffer.concat([
            Buffer.from(`${String(req.headers['webhook-id'])}.${timestamp}.`),
            body,
          ]);
          const expected = `v1,${createHmac('sha256', key).update(content).digest('base64')}`;
          return String(req.headers['webhook-signature'] ?? '')
            .split(' ')
            .some(
              (given) =>
                given.length === expected.length &&
                timingSafeEqual(Buffer.from(given), Buffer.from(expected)),
            );
        },
      });
      for (const w of waiters) w();
      if (now === 'reset') return req.socket.destroy();
      if (now === 'error500') return res.writeHead(500).end('receiver broken');
      if (now === 'hang') return void hanging.add(res);
      if (now === 'huge') {
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        const chunk = Buffer.alloc(1024 * 1024, 120);
        let sent = 0;
        const more = () => {
          while (sent < 100 && !res.destroyed) {
            sent++;
            if (!res.write(chunk)) return void res.once('drain', more);
          }
          res.end();
        };
        res.on('error', () => undefined);
        return more();
      }
      const id = String(req.headers['x-delivery-id']);
      accepted.set(id, (accepted.get(id) ?? 0) + 1);
      if (answer !== null)
        return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      res.writeHead(204).end();
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    requests,
    accepted,
    setMode: (m: ReceiverMode) => {
      mode = m;
    },
    /** Answers accepted requests with this JSON (a workflow's labels); null: 204 without a body. */
    setAnswer: (json: unknown) => {
      answer = json;
    },
    /** Resolves once `test` holds (checked at each request), or fails after `ms`. */
    until: async (test: () => boolean, ms = 30_000, what = 'the receiver to see it') => {
      const deadline = Date.now() + ms;
      while (!test()) {
        if (Date.now() > deadline)
          throw new Error(`waited ${ms} ms for ${what}; ${requests.length} requests`);
        await new Promise<void>((resolve) => {
          const done = () => {
            waiters.delete(done);
            resolve();
          };
          waiters.add(done);
          setTimeout(done, 100);
        });
      }
    },
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
