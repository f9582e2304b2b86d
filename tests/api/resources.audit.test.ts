import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from './support/platform';
import { API, buildTenants, type Tenants } from './support/tenants';

let t: TestPlatform;
let acme: Tenants;

beforeAll(async () => {
  t = await startTestPlatform();
  acme = await buildTenants(t);
});
afterAll(() => t.close());

interface AuditRow {
  organisation_id: string;
  actor_id: string | null;
  impersonator_id: string | null;
  action: string;
  resource: string;
  record_id: string;
  changes: Record<string, { before?: unknown; after?: unknown }>;
  created_at: Date;
  [key: string]: unknown;
}

const rowsOf = (recordId: string) =>
  t.platform.db.query<AuditRow>('SELECT * FROM audit_logs WHERE record_id = $1 ORDER BY created_at, action', [
    recordId,
  ]);

describe('the audit log', () => {
  it('writes one row per mutation: actor, action, resource, record and changed fields', async () => {
    const created = await acme.call('POST', `${API}/projects`, 'admin', {
      organisationId: acme.ids.org,
      name: 'Audited',
    });
    const id = created.json().id;
    await acme.call('PUT', `${API}/projects/${id}`, 'admin', { notes: 'Now with notes' });
    await acme.call('DELETE', `${API}/projects/${id}`, 'admin');

    const rows = await rowsOf(id);
    expect(rows.map((r) => r.action)).toEqual(['create', 'update', 'delete']);
    for (const r of rows) {
      expect(r).toMatchObject({
        organisation_id: acme.ids.org,
        actor_id: acme.users.admin.id,
        impersonator_id: null,
        resource: 'projects',
      });
      expect(r.created_at).toBeInstanceOf(Date);
    }
    expect(rows[0].changes).toEqual({
      organisationId: { after: acme.ids.org },
      name: { after: 'Audited' },
      type: { after: 'nlu' },
      notes: { after: '' },
    });
    // An update records only what changed, before and after.
    expect(rows[1].changes).toEqual({ notes: { before: '', after: 'Now with notes' } });
    // A delete keeps what was deleted.
    expect(rows[2].changes).toMatchObject({
      name: { before: 'Audited' },
      notes: { before: 'Now with notes' },
    });
  });

  it('names both identities when platform staff act as a user (X-Switch-User)', async () => {
    const res = await acme.call(
      'POST',
      `${API}/projects/${acme.ids.project}/environments`,
      'staff',
      { name: 'Ghosted' },
      { 'x-switch-user': acme.users.configurator.username },
    );
    expect(res.statusCode).toBe(201);
    const [row] = await rowsOf(res.json().id);
    expect(row).toMatchObject({
      actor_id: acme.users.configurator.id,
      impersonator_id: acme.users.staff.id,
      action: 'create',
      resource: 'environments',
      organisation_id: acme.ids.org,
    });
  });

  it('writes nothing for a refused mutation (same transaction)', async () => {
    const before = await t.platform.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_logs');
    const url = `${API}/projects/${acme.ids.project}/environments`;
    expect((await acme.call('POST', url, 'admin', { name: 'production' })).statusCode).toBe(409);
    expect((await acme.call('POST', url, 'qualifier', { name: 'Nope' })).statusCode).toBe(403);
    const after = await t.platform.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_logs');
    expect(after[0].n).toBe(before[0].n);
  });

  it('files an organisation’s own rows under it, staff as the actor', async () => {
    const created = await acme.call('POST', `${API}/organisations`, 'staff', { name: 'Newcomer' });
    const id = created.json().id;
    await acme.call('DELETE', `${API}/organisations/${id}`, 'staff');
    const rows = await rowsOf(id);
    expect(rows.map((r) => [r.action, r.organisation_id, r.actor_id])).toEqual([
      ['create', id, acme.users.staff.id],
      ['delete', id, acme.users.staff.id],
    ]);
  });
});
