import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from './support/platform';
import { API, buildTenants, type Tenants } from './support/tenants';

/**
 * Analysis submissions are limited per access key and per user (docs/security.md, "Submission rate
 * limits"): a token bucket with a burst, measured on a clock the test moves, never by sleeping.
 */
let t: TestPlatform;
let acme: Tenants;
let clock = 0;

beforeAll(async () => {
  t = await startTestPlatform(
    {
      ANALYSIS_RATE_PER_KEY: '2',
      ANALYSIS_BURST_PER_KEY: '3',
      ANALYSIS_RATE_PER_USER: '0.5',
      ANALYSIS_BURST_PER_USER: '2',
    },
    { worker: false, rateLimitClock: () => clock },
  );
  acme = await buildTenants(t);
});
afterAll(() => t.close());

const newKey = async (name: string) =>
  (
    await acme.call('POST', `${API}/environments/${acme.ids.env}/access-keys`, 'configurator', { name })
  ).json<{ secret: string }>().secret;

const submitWithKey = (secret: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v4/api/analyses',
    headers: { authorization: `Bearer ${secret}` },
    payload: { text: 'Commande 42' },
  });

describe('submissions with an access key', () => {
  it('are refused with 429 RATE_LIMITED and Retry-After past the burst, and accepted again after it', async () => {
    const key = await newKey('gateway');
    const other = await newKey('other gateway');
    const burst = [];
    for (let i = 0; i < 3; i++) burst.push((await submitWithKey(key)).statusCode);
    expect(burst).toEqual([201, 201, 201]);

    const refused = await submitWithKey(key);
    // Two a second: the next token is back within half a second, said as one whole second.
    expect([refused.statusCode, refused.headers['retry-after'], refused.json().code]).toEqual([
      429,
      '1',
      'RATE_LIMITED',
    ]);
    expect(refused.json().params).toEqual({ seconds: 1 });
    // Another key of the same environment keeps its own burst.
    expect((await submitWithKey(other)).statusCode).toBe(201);

    clock += 999;
    expect((await submitWithKey(key)).statusCode).toBe(201);
    clock += 1000;
    expect([(await submitWithKey(key)).statusCode, (await submitWithKey(key)).statusCode]).toEqual([
      201, 201,
    ]);
    expect((await submitWithKey(key)).statusCode).toBe(429);
  });
});

describe('submissions in the console', () => {
  const submit = () =>
    acme.call('POST', `${API}/environments/${acme.ids.env}/analyses`, 'qualifier', {
      type: 'text',
      text: 'Bonjour',
    });

  it('are refused per user with 429 RATE_LIMITED and Retry-After past the burst, and accepted again after it', async () => {
    expect([(await submit()).statusCode, (await submit()).statusCode]).toEqual([201, 201]);
    const refused = await submit();
    // Half a submission a second: the next is back in two seconds.
    expect([refused.statusCode, refused.headers['retry-after'], refused.json().code]).toEqual([
      429,
      '2',
      'RATE_LIMITED',
    ]);
    // Another user is not held by this one's submissions.
    const other = await acme.call('POST', `${API}/environments/${acme.ids.env}/analyses`, 'configurator', {
      type: 'text',
      text: 'Bonjour',
    });
    expect(other.statusCode).toBe(201);

    clock += 1999;
    expect((await submit()).statusCode).toBe(429);
    clock += 1;
    expect((await submit()).statusCode).toBe(201);
  });
});
