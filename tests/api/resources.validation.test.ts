import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from './support/platform';
import { API, buildTenants, type Tenants } from './support/tenants';

let t: TestPlatform;
let acme: Tenants;
let envs: string;

beforeAll(async () => {
  t = await startTestPlatform();
  acme = await buildTenants(t);
  envs = `${API}/projects/${acme.ids.project}/environments`;
});
afterAll(() => t.close());

const details = (res: { json(): { details: { path: string; message: string }[] } }) =>
  Object.fromEntries(res.json().details.map((d) => [d.path, d.message]));

describe('validation with the resource schema', () => {
  it('names every wrong field with its path', async () => {
    const res = await acme.call('POST', envs, 'admin', { name: 5, visibility: 'secret', aiVersion: 'v9' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(details(res)).toEqual({
      name: 'must be string',
      visibility: 'must be equal to one of the allowed values',
      aiVersion: 'must be equal to one of the allowed values',
    });
    const missing = await acme.call('POST', envs, 'admin', {});
    expect(details(missing)).toEqual({ name: 'is required' });
    // Each by code with its parameters too: the console says it in the user's language.
    const coded = (r: typeof res) =>
      (r.json().details as { path: string; code?: string; params?: unknown }[]).map((d) => [
        d.path,
        d.code,
        d.params,
      ]);
    expect(coded(res)).toEqual(
      expect.arrayContaining([
        ['name', 'schemaTypeString', undefined],
        ['visibility', 'schemaEnum', { values: 'public, hidden' }],
        ['aiVersion', 'schemaEnum', { values: expect.stringContaining('v4') }],
      ]),
    );
    expect(coded(missing)).toEqual([['name', 'schemaRequired', undefined]]);
  });

  it('gives nested paths (members.projects.0.access)', async () => {
    const res = await acme.call('POST', `${API}/organisations/${acme.ids.org}/members`, 'admin', {
      firstname: 'Ada',
      lastname: 'King',
      username: 'ada-king',
      email: 'not-an-email',
      projects: [{ projectId: acme.ids.project, access: 'owner', colour: 'red' }],
    });
    expect(res.statusCode).toBe(400);
    expect(details(res)).toEqual({
      email: 'must match format "email"',
      'projects.0.access': 'must be equal to one of the allowed values',
      'projects.0.colour': 'is not a known field',
    });
    expect(
      Object.fromEntries(
        (res.json().details as { path: string; code: string }[]).map((d) => [d.path, d.code]),
      ),
    ).toEqual({
      email: 'schemaFormatEmail',
      'projects.0.access': 'schemaEnum',
      'projects.0.colour': 'schemaUnknownField',
    });
  });

  it('refuses unknown fields and read-only fields rather than dropping them', async () => {
    const unknown = await acme.call('POST', envs, 'admin', { name: 'Colourful', colour: 'red' });
    expect(unknown.statusCode).toBe(400);
    expect(details(unknown)).toEqual({ colour: 'is not a known field' });
    const readOnly = await acme.call('POST', envs, 'admin', {
      name: 'Dated',
      createdAt: '2020-01-01T00:00:00Z',
    });
    expect(readOnly.statusCode).toBe(400);
    expect(details(readOnly)).toEqual({ createdAt: 'is read-only' });
    const changedId = await acme.call('PUT', `${envs}/${acme.ids.env}`, 'admin', {
      projectId: acme.ids.closed,
    });
    expect(details(changedId)).toEqual({ projectId: 'is read-only' });
    expect((await acme.call('POST', envs, 'admin', [{ name: 'x' }])).statusCode).toBe(400);
  });

  it('accepts the whole record back on update, read-only fields unchanged (what react-admin sends)', async () => {
    const record = (await acme.call('GET', `${envs}/${acme.ids.env}`, 'admin')).json();
    const res = await acme.call('PUT', `${envs}/${acme.ids.env}`, 'admin', { ...record, aiVersion: 'v5' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...record, aiVersion: 'v5' });
  });

  it("answers the spec's message for a 51-character project name, on create and rename", async () => {
    const name = 'x'.repeat(51);
    const created = await acme.call('POST', `${API}/projects`, 'admin', {
      organisationId: acme.ids.org,
      name,
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().message).toBe('New project name cannot exceed 50 characters');
    expect(created.json().details).toEqual([
      { path: 'name', message: 'New project name cannot exceed 50 characters', keyword: 'maxLength' },
    ]);
    const renamed = await acme.call('PUT', `${API}/projects/${acme.ids.project}`, 'admin', { name });
    expect(renamed.json().message).toBe('New project name cannot exceed 50 characters');
  });

  it('fills defaults and answers the shapes the console shell reads', async () => {
    const env = await acme.call('POST', envs, 'configurator', { name: 'Defaults' });
    expect(env.statusCode).toBe(201);
    expect(Object.keys(env.json()).sort()).toEqual([
      'advancedCategorisation',
      'aiVersion',
      'attachmentCategoriesPerPage',
      'categorisationTemplate',
      'consolidation',
      'createdAt',
      'debugMode',
      'defaultAttachmentCategory',
      'defaultCategory',
      'id',
      'languages',
      'modules',
      'multiCategory',
      'multiInteraction',
      'name',
      'ocrData',
      'ocrImages',
      'ocrMaxPages',
      'output',
      'postProcessing',
      'priorityProcessing',
      'productionMode',
      'projectId',
      'retention',
      'splitCharacters',
      'visibility',
      'vision',
    ]);
    expect(env.json()).toMatchObject({ projectId: acme.ids.project, aiVersion: 'v4', visibility: 'public' });
    const project = await acme.call('POST', `${API}/projects`, 'admin', {
      organisationId: acme.ids.org,
      name: 'Fresh',
    });
    expect(project.json()).toMatchObject({
      organisationId: acme.ids.org,
      name: 'Fresh',
      type: 'nlu',
      notes: '',
    });
    expect(Object.keys(project.json()).sort()).toEqual([
      'createdAt',
      'id',
      'name',
      'notes',
      'organisationId',
      'type',
    ]);
    const org = (await acme.call('GET', `${API}/organisations/${acme.ids.org}`, 'cockpit')).json();
    expect(org).toEqual({
      id: acme.ids.org,
      name: 'Acme',
      contractStartDate: null,
      yearlyQuota: null,
      createdAt: expect.any(String),
    });
  });

  it('checks formats: an ISO date for the contract, or null', async () => {
    // The contract and quota are set by platform staff (headers.test.ts).
    const url = `${API}/organisations/${acme.ids.org}`;
    expect(details(await acme.call('PUT', url, 'staff', { contractStartDate: '01/02/2025' }))).toEqual({
      contractStartDate: 'must match format "date"',
    });
    const set = await acme.call('PUT', url, 'staff', { contractStartDate: '2025-04-24', yearlyQuota: 5000 });
    expect(set.json()).toMatchObject({ contractStartDate: '2025-04-24', yearlyQuota: 5000 });
    expect(
      (await acme.call('PUT', url, 'staff', { contractStartDate: null })).json().contractStartDate,
    ).toBeNull();
  });
});

describe('unique fields and domain rules', () => {
  it('refuses a second environment of the same name in the project, whatever its case', async () => {
    for (const [method, url] of [
      ['POST', envs],
      ['PUT', `${envs}/${acme.ids.hidden}`],
    ] as const) {
      const res = await acme.call(method, url, 'configurator', { name: 'PRODUCTION' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        code: 'ENV_NAME_TAKEN',
        message: 'This name is already used for an environment in this project',
        details: [{ path: 'name', message: 'This name is already used for an environment in this project' }],
      });
    }
    // The same name in another project is fine; so is an environment keeping its own name.
    expect(
      (
        await acme.call('POST', `${API}/projects/${acme.ids.closed}/environments`, 'admin', {
          name: 'Production',
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (await acme.call('PUT', `${envs}/${acme.ids.env}`, 'admin', { name: 'production' })).statusCode,
    ).toBe(200);
  });

  it('refuses to delete a project while it has a priority environment', async () => {
    const project = await acme.projectWithRoles('Priority');
    const env = await acme.fixtures.environment(project, 'Fast lane');
    await t.platform.db.query(
      `UPDATE environments SET settings = settings || '{"priorityProcessing": true}' WHERE id = $1`,
      [env],
    );
    const res = await acme.call('DELETE', `${API}/projects/${project}`, 'admin');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'PROJECT_HAS_PRIORITY_ENVIRONMENTS',
      message: 'A project cannot be deleted while it has priority environments',
    });
    await t.platform.db.query(`UPDATE environments SET settings = '{}' WHERE id = $1`, [env]);
    expect((await acme.call('DELETE', `${API}/projects/${project}`, 'admin')).statusCode).toBe(204);
    expect((await acme.call('GET', `${API}/projects/${project}`, 'admin')).statusCode).toBe(404);
  });
});
