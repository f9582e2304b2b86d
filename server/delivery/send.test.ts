import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboundPolicy } from '../kernel/outbound';
import { attempt } from './send';

/** A receiver on the loopback address, counting what reaches it. */
let received = 0;
let server: http.Server;
let port: number;
beforeAll(async () => {
  server = http.createServer((request, response) => {
    received += 1;
    request.resume();
    response.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const post = (url: string, allow: string[]) =>
  attempt({
    url,
    body: Buffer.from('{}'),
    id: 'a1b2c3d4-0000-4000-8000-000000000001',
    headers: {},
    timeoutMs: 5000,
    policy: outboundPolicy(allow),
  });

describe('a delivery attempt goes only where the outbound policy allows (DESIGN.md §9)', () => {
  it('refuses an internal address written in the URL, which is never looked up, before connecting', async () => {
    const before = received;
    const outcome = await post(`http://127.0.0.1:${port}/hook`, []);
    expect(outcome).toMatchObject({
      ok: false,
      statusCode: null,
      error: { code: 'DELIVERY_REFUSED_ADDRESS', params: { host: '127.0.0.1', address: '127.0.0.1' } },
    });
    expect(received).toBe(before);
  });

  it('delivers to it once OUTBOUND_ALLOW names it', async () => {
    const before = received;
    expect(await post(`http://127.0.0.1:${port}/hook`, ['127.0.0.1'])).toMatchObject({
      ok: true,
      statusCode: 200,
    });
    expect(received).toBe(before + 1);
  });
});
