import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from './support/platform';
import { API, buildTenants, type Tenants } from './support/tenants';

/**
 * docs/security.md, "Tenancy and roles": an organisation administrator could once raise their own
 * yearly quota. The contract and quota are `staffOnly` (schemas/organisation.schema.ts): platform
 * staff set them, for anyone else they are read-only fields (400 "is read-only" unless the stored
 * value is sent back).
 */
let t: TestPlatform;
let acme: Tenants;

beforeAll(async () => {
  t = await startTestPlatform();
  acme = await buildTenants(t);
});
afterAll(() => t.close());

describe("an organisation's quota and contract", () => {
  const org = () => `${API}/organisations/${acme.ids.org}`;
  const read = async () => (await acme.call('GET', org(), 'admin')).json();

  it('cannot be changed by an organisation administrator', async () => {
    const before = await read();
    const raise = await acme.call('PUT', org(), 'admin', { ...before, yearlyQuota: 999_999_999 });
    expect(raise.statusCode).toBe(400);
    expect(raise.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ path: 'yearlyQuota', message: 'is read-only' }],
    });
    const contract = await acme.call('PUT', org(), 'admin', { ...before, contractStartDate: '2020-02-01' });
    expect(contract.statusCode).toBe(400);
    expect(contract.json().details).toEqual([expect.objectContaining({ path: 'contractStartDate' })]);
    expect(await read()).toEqual(before);
    // The rest of the organisation is still theirs, sent back whole as the console does.
    const renamed = await acme.call('PUT', org(), 'admin', { ...before, name: 'Acme Renamed' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Acme Renamed', yearlyQuota: before.yearlyQuota });
  });

  it('is changed by platform staff', async () => {
    const res = await acme.call('PUT', org(), 'staff', {
      yearlyQuota: 5000,
      contractStartDate: '2026-04-01',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ yearlyQuota: 5000, contractStartDate: '2026-04-01' });
  });
});
