import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceSchemas } from '../../schemas/index';
import { startTestPlatform, type TestPlatform } from './support/platform';
import { labelSchema, templateSchema, widgetSchema } from './support/throwaway-schemas';
import { API, buildTenants, listQuery, type Tenants } from './support/tenants';

let t: TestPlatform;
let acme: Tenants;
let widgets: string;

beforeAll(async () => {
  t = await startTestPlatform(
    {},
    { schemas: [...resourceSchemas, widgetSchema, labelSchema, templateSchema] },
  );
  acme = await buildTenants(t);
  widgets = `${API}/environments/${acme.ids.env}/widgets`;
});
afterAll(() => t.close());

/**
 * Schemas that exist only in these tests: no table, no adapter, no route of their own. That they get
 * full CRUD, validation, scoping, access, unique and audit proves that a resource is a schema.
 */
describe('a resource that is only a schema (document storage)', () => {
  it('creates, reads, lists, updates and deletes, with defaults, scope fields and times', async () => {
    const created = await acme.call('POST', widgets, 'configurator', {
      name: 'Gear',
      size: 12,
      tags: ['metal'],
    });
    expect(created.statusCode).toBe(201);
    const gear = created.json();
    expect(gear).toEqual({
      id: expect.any(String),
      environmentId: acme.ids.env,
      name: 'Gear',
      size: 12,
      enabled: true,
      tags: ['metal'],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await acme.call('GET', `${widgets}/${gear.id}`, 'cockpit')).json()).toEqual(gear);

    for (const [name, size, enabled] of [
      ['Bolt', 9, true],
      ['Axle', 100, false],
    ] as const)
      await acme.call('POST', widgets, 'admin', { name, size, enabled });
    const bySize = await acme.call(
      'GET',
      `${widgets}${listQuery({ sort: ['size', 'ASC'], range: [0, 1] })}`,
      'qualifier',
    );
    expect(bySize.json().map((w: { name: string }) => w.name)).toEqual(['Bolt', 'Gear']);
    expect(bySize.headers['content-range']).toBe('widgets 0-1/3');
    const off = await acme.call('GET', `${widgets}${listQuery({ filter: { enabled: false } })}`, 'qualifier');
    expect(off.json().map((w: { name: string }) => w.name)).toEqual(['Axle']);
    const search = await acme.call('GET', `${widgets}${listQuery({ filter: { q: 'OL' } })}`, 'qualifier');
    expect(search.json().map((w: { name: string }) => w.name)).toEqual(['Bolt']);

    const updated = await acme.call('PUT', `${widgets}/${gear.id}`, 'configurator', { size: 13 });
    expect(updated.json()).toMatchObject({
      name: 'Gear',
      size: 13,
      tags: ['metal'],
      createdAt: gear.createdAt,
    });
    expect((await acme.call('DELETE', `${widgets}/${gear.id}`, 'configurator')).statusCode).toBe(204);
    expect((await acme.call('GET', `${widgets}/${gear.id}`, 'configurator')).statusCode).toBe(404);
  });

  it('validates, enforces unique names per environment, and checks access', async () => {
    const invalid = await acme.call('POST', widgets, 'admin', { name: 'Neg', size: -1, colour: 'red' });
    expect(invalid.json().details).toEqual(
      expect.arrayContaining([
        // The schema's own words (its console words by field and keyword), no code.
        { path: 'size', message: 'A widget cannot be smaller than nothing', keyword: 'minimum' },
        // Ajv's words for API clients, the code the console says in the user's language.
        {
          path: 'colour',
          message: 'is not a known field',
          keyword: 'additionalProperties',
          code: 'schemaUnknownField',
        },
      ]),
    );
    expect(invalid.json().details).toHaveLength(2);
    await acme.call('POST', widgets, 'admin', { name: 'Spring' });
    const duplicate = await acme.call('POST', widgets, 'admin', { name: 'SPRING' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({
      code: 'WIDGET_NAME_TAKEN',
      message: 'This widget name is taken',
    });
    // Another environment is another scope: the name is free there, and the records are apart.
    const staging = `${API}/environments/${acme.ids.hidden}/widgets`;
    expect((await acme.call('POST', staging, 'admin', { name: 'Spring' })).statusCode).toBe(201);
    expect((await acme.call('GET', staging, 'admin')).json().map((w: { name: string }) => w.name)).toEqual([
      'Spring',
    ]);

    expect((await acme.call('POST', widgets, 'qualifier', { name: 'Nope' })).json().code).toBe('FORBIDDEN');
    expect((await acme.call('GET', widgets, 'noAccess')).statusCode).toBe(404);
    expect((await acme.call('GET', widgets, 'outsider')).statusCode).toBe(404);
    expect((await acme.call('GET', staging, 'qualifier')).statusCode).toBe(404); // hidden environment
    expect((await acme.call('GET', widgets, 'anonymous')).statusCode).toBe(401);
  });

  it('audits every mutation, and goes with its environment', async () => {
    const env = await acme.fixtures.environment(acme.ids.project, 'Short-lived');
    const url = `${API}/environments/${env}/widgets`;
    const { id } = (await acme.call('POST', url, 'configurator', { name: 'Temp' })).json();
    await acme.call('PUT', `${url}/${id}`, 'configurator', { enabled: false });
    const rows = await t.platform.db.query<{ action: string; resource: string; changes: unknown }>(
      'SELECT action, resource, changes FROM audit_logs WHERE record_id = $1 ORDER BY created_at',
      [id],
    );
    expect(rows).toEqual([
      {
        action: 'create',
        resource: 'widgets',
        changes: expect.objectContaining({ name: { after: 'Temp' } }),
      },
      { action: 'update', resource: 'widgets', changes: { enabled: { before: true, after: false } } },
    ]);
    // Deleting the environment is asynchronous (spec §4): its documents go when the queue deletes it.
    await acme.call('DELETE', `${API}/projects/${acme.ids.project}/environments/${env}`, 'admin');
    await expect
      .poll(() => t.platform.db.query('SELECT 1 FROM resource_documents WHERE id = $1', [id]), {
        timeout: 15_000,
      })
      .toEqual([]);
  });

  it('serves top addressing: the list needs the scope filter, the record names its scope', async () => {
    const labels = `${API}/labels`;
    const created = await acme.call('POST', labels, 'admin', {
      organisationId: acme.ids.org,
      name: 'Urgent',
    });
    expect(created.json()).toMatchObject({ organisationId: acme.ids.org, name: 'Urgent' });
    expect((await acme.call('POST', labels, 'admin', { name: 'No scope' })).json().details).toEqual([
      { path: 'organisationId', message: 'is required' },
    ]);
    expect((await acme.call('GET', labels, 'cockpit')).statusCode).toBe(400);
    const listed = await acme.call(
      'GET',
      `${labels}${listQuery({ filter: { organisationId: acme.ids.org } })}`,
      'cockpit',
    );
    expect(listed.json().map((l: { name: string }) => l.name)).toEqual(['Urgent']);
    expect((await acme.call('GET', `${labels}/${created.json().id}`, 'outsider')).statusCode).toBe(404);
    expect(
      (await acme.call('PUT', `${labels}/${created.json().id}`, 'cockpit', { name: 'x' })).statusCode,
    ).toBe(403);
  });

  it('serves the platform scope: every signed-in user reads, staff write', async () => {
    const templates = `${API}/templates`;
    const created = await acme.call('POST', templates, 'staff', { name: 'Insurance: meeting' });
    expect(created.statusCode).toBe(201);
    expect((await acme.call('POST', templates, 'admin', { name: 'Mine' })).statusCode).toBe(403);
    for (const who of ['cockpit', 'outsider'] as const) {
      expect((await acme.call('GET', templates, who)).json().map((r: { name: string }) => r.name)).toEqual([
        'Insurance: meeting',
      ]);
      expect((await acme.call('GET', `${templates}/${created.json().id}`, who)).statusCode).toBe(200);
    }
    const [row] = await t.platform.db.query('SELECT organisation_id FROM audit_logs WHERE record_id = $1', [
      created.json().id,
    ]);
    expect(row.organisation_id).toBeNull();
  });
});
