import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { PASSWORD, signIn } from './support/fixtures';
import { startTestPlatform, type TestPlatform } from './support/platform';
import { buildTenants, type Tenants } from './support/tenants';

/**
 * The processes `npm start` runs compile each route's schemas at its first request
 * (server/lazy-schemas.ts); the other tests build the app with Fastify's eager compilers. Both
 * must answer every request alike: the same refusals, with the same reasons, and the same
 * serialised responses.
 */
let t: TestPlatform;
let acme: Tenants;
let lazy: FastifyInstance;

beforeAll(async () => {
  t = await startTestPlatform();
  acme = await buildTenants(t);
  lazy = await buildApp(t.platform, { lazySchemas: true });
  await lazy.ready();
});
afterAll(async () => {
  await lazy.close();
  await t.close();
});

/** A token changes with each sign-in; everything else must be equal. */
const comparable = (body: Record<string, unknown>) => ({
  ...body,
  ...('token' in body ? { token: 'T' } : {}),
});

describe('routes compiled at their first request', () => {
  it('validate bodies and query strings and serialise responses as the eager compilers do', async () => {
    const username = acme.users.admin.username;
    const auth = { authorization: await signIn(t.app, username) };
    const requests: InjectOptions[] = [
      { method: 'POST', url: '/api/login_check', payload: { username, password: PASSWORD } },
      { method: 'POST', url: '/api/login_check', payload: { username, password: 'x', admin: true } },
      { method: 'POST', url: '/api/login_check', payload: { username: 42, password: ['x'] } },
      { method: 'POST', url: '/api/login_check', payload: { username } },
      { method: 'GET', url: '/v4/console/api/navigation?q=Acm', headers: auth },
      { method: 'GET', url: `/v4/console/api/navigation?q=${'x'.repeat(101)}`, headers: auth },
      { method: 'GET', url: '/v4/console/api/navigation', headers: auth },
    ];
    const statuses: number[] = [];
    for (const request of requests) {
      const eager = await t.app.inject(request);
      // Twice: the first request compiles, the second reuses what it compiled.
      for (const res of [await lazy.inject(request), await lazy.inject(request)]) {
        expect({ url: request.url, status: res.statusCode, body: comparable(res.json()) }).toEqual({
          url: request.url,
          status: eager.statusCode,
          body: comparable(eager.json()),
        });
      }
      statuses.push(eager.statusCode);
    }
    expect(statuses).toEqual([200, 400, 400, 400, 200, 400, 400]);
    const found = (await lazy.inject(requests[4])).json<{ organisations: { name: string }[] }>();
    expect(found.organisations.map((o) => o.name)).toEqual(['Acme']);
  });
});
