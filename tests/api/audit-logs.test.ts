import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from './support/platform';
import { API, buildTenants, listQuery, type Tenants } from './support/tenants';

let t: TestPlatform;
let acme: Tenants;
let logs: string;
let started: string;

type Row = {
  actorName: string | null;
  impersonatorName: string | null;
  byStaff: boolean;
  action: string;
  resource: string;
  recordId: string;
  changes: Record<string, unknown>;
};

beforeAll(async () => {
  t = await startTestPlatform();
  acme = await buildTenants(t);
  logs = `${API}/organisations/${acme.ids.org}/audit-logs`;
  started = new Date().toISOString();
  const project = (
    await acme.call('POST', `${API}/projects`, 'admin', { organisationId: acme.ids.org, name: 'Audited' })
  ).json();
  await acme.call('PUT', `${API}/projects/${project.id}`, 'admin', { ...project, name: 'Audited again' });
  // Platform staff acting as the administrator: both identities are kept.
  await acme.call('DELETE', `${API}/projects/${project.id}`, 'staff', undefined, {
    'x-switch-user': 'acme-admin',
  });
  // Another organisation's change never shows in Acme's log.
  await acme.call('POST', `${API}/projects`, 'outsider', {
    organisationId: acme.ids.otherOrg,
    name: 'Rival audited',
  });
});
afterAll(() => t.close());

const list = async (query: Parameters<typeof listQuery>[0] = {}) => {
  const res = await acme.call('GET', `${logs}${listQuery(query)}`, 'admin');
  expect(res.statusCode).toBe(200);
  return res.json() as Row[];
};

describe('organisation audit logs', () => {
  it('list every mutation newest first, with actor, impersonator and the staff mark', async () => {
    const rows = await list();
    expect(rows.map((r) => [r.action, r.resource])).toEqual([
      ['delete', 'projects'],
      ['update', 'projects'],
      ['create', 'projects'],
    ]);
    expect(rows[0]).toMatchObject({
      actorName: 'acme-admin',
      impersonatorName: 'platform-staff',
      byStaff: true,
    });
    expect(rows[1]).toMatchObject({ actorName: 'acme-admin', impersonatorName: null, byStaff: false });
    expect(rows[1].changes).toEqual({ name: { before: 'Audited', after: 'Audited again' } });
    expect(JSON.stringify(rows)).not.toContain('Rival');
  });

  it('filter by action, resource, staff, period and a search on the people and records', async () => {
    expect((await list({ filter: { action: 'update' } })).map((r) => r.action)).toEqual(['update']);
    expect(await list({ filter: { resource: 'environments' } })).toEqual([]);
    expect((await list({ filter: { byStaff: true } })).map((r) => r.action)).toEqual(['delete']);
    expect(await list({ filter: { q: 'platform-sta' } })).toHaveLength(1);
    expect(await list({ filter: { createdAt_gte: started } })).toHaveLength(3);
    expect(await list({ filter: { createdAt_lte: started } })).toEqual([]);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect(await list({ filter: { createdAt_gte: future } })).toEqual([]);
  });

  it('refuse malformed bounds with a message that names them', async () => {
    const res = await acme.call(
      'GET',
      `${logs}${listQuery({ filter: { createdAt_gte: 'yesterday' } })}`,
      'admin',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Invalid filter: 'createdAt_gte' must be an ISO date");
    const notBounded = await acme.call(
      'GET',
      `${logs}${listQuery({ filter: { action_gte: 'a' } })}`,
      'admin',
    );
    expect(notBounded.json().message).toBe(
      "Invalid filter: field 'action' has no bounds (numbers and dates only)",
    );
  });

  it('are for administrators and staff only, and read-only', async () => {
    expect((await acme.call('GET', logs, 'configurator')).statusCode).toBe(403);
    expect((await acme.call('GET', logs, 'outsider')).statusCode).toBe(404);
    expect((await acme.call('GET', logs, 'staff')).statusCode).toBe(200);
    expect((await acme.call('POST', logs, 'admin', { action: 'create' })).statusCode).toBe(404);
    const [row] = await list();
    expect(
      (await acme.call('DELETE', `${logs}/${(row as unknown as { id: string }).id}`, 'admin')).statusCode,
    ).toBe(404);
  });
});
