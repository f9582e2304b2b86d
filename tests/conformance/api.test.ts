import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResourceSchema } from '../../schemas';
import { resourceSchemas } from '../../schemas';
import { defineResourceSchema } from '../../schemas/_defs/admin';
import { evaluateAlerts } from '../../server/alerts/evaluate';
import { buildApp } from '../../server/app';
import { referrersColumns } from '../../server/resources/computed-columns';
import { fixtures, signIn } from '../api/support/fixtures';
import { startTestPlatform, type TestPlatform } from '../api/support/platform';
import { API, listQuery } from '../api/support/tenants';
import { contraptionSchema, widgetSchema } from '../api/support/throwaway-schemas';
import { sampleRecord } from './sampleRecord';

/**
 * DESIGN.md §4: adding a resource = adding one schema. For every schema — the product's and a
 * throwaway one given at run time — create → read → list → update → delete round-trips through the
 * real API and database, driven by nothing but the schema.
 */
/** A throwaway resource whose list says, by declaration alone, which holders name it and how many. */
const sprocketSchema = defineResourceSchema({
  $id: 'sprocket',
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    environmentId: { type: 'string', format: 'uuid' },
    name: { type: 'string', minLength: 1, maxLength: 60 },
  },
  'x-admin': {
    scope: 'environment',
    path: 'sprockets',
    storage: 'document',
    listColumns: ['name', 'holders', 'holderCount'],
    computedColumns: {
      holders: { referrers: 'holder', field: 'sprockets' },
      holderCount: { referrers: 'holder', field: 'sprocket', count: true },
    },
    recordRepresentation: 'name',
    menu: false,
    access: { read: 'configurator', write: 'configurator' },
    readOnly: ['id', 'environmentId'],
  },
});
/** Names sprockets: a list of them, and one on its own. */
const holderSchema = defineResourceSchema({
  $id: 'holder',
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    environmentId: { type: 'string', format: 'uuid' },
    name: { type: 'string', minLength: 1, maxLength: 60 },
    sprockets: { type: 'array', items: { type: 'string' }, default: [] },
    sprocket: { type: 'string' },
  },
  'x-admin': {
    scope: 'environment',
    path: 'holders',
    storage: 'document',
    listColumns: ['name'],
    recordRepresentation: 'name',
    menu: false,
    access: { read: 'configurator', write: 'configurator' },
    readOnly: ['id', 'environmentId'],
  },
});

const schemas: readonly ResourceSchema[] = [
  ...resourceSchemas,
  widgetSchema,
  sprocketSchema,
  holderSchema,
  contraptionSchema,
];

let t: TestPlatform;
let app: Awaited<ReturnType<typeof buildApp>>;
let authorization: string;
let scopes: { organisation: string; project: string; environment: string };

beforeAll(async () => {
  t = await startTestPlatform();
  app = await buildApp(t.platform, { schemas });
  const f = fixtures(t.platform.db);
  const organisation = await f.organisation('Conformance');
  const project = await f.project(organisation, 'Conformance project');
  const environment = await f.environment(project, 'Conformance environment');
  scopes = { organisation, project, environment };
  authorization = await signIn(app, (await f.user({ isStaff: true })).username);
});
afterAll(async () => {
  await app.close();
  await t.close();
});

const hints = (schema: ResourceSchema) => schema['x-admin'];

/** A record as a list shows it: with its `referrers` columns, empty for a record nothing names. */
const listed = (schema: ResourceSchema, record: Record<string, unknown>) => ({
  ...record,
  ...Object.fromEntries(
    Object.entries(hints(schema).computedColumns ?? {}).flatMap(([name, column]) =>
      'referrers' in column ? [[name, column.count ? 0 : []]] : [],
    ),
  ),
});
const scopeField = {
  organisation: 'organisationId',
  project: 'projectId',
  environment: 'environmentId',
} as const;

/** Where a schema's records live, and what its list and create need to name the scope. */
const addressOf = (schema: ResourceSchema) => {
  const { scope, path, addressing } = hints(schema);
  if (scope === 'platform') return { base: `${API}/${path}`, filter: {}, body: {} };
  if (addressing === 'top') {
    return {
      base: `${API}/${path}`,
      filter: { [scopeField[scope]]: scopes[scope] },
      body: { [scopeField[scope]]: scopes[scope] },
    };
  }
  return { base: `${API}/${scope}s/${scopes[scope]}/${path}`, filter: {}, body: {} };
};

/** A reference field (x-admin uiSchema `reference`) names a record that exists: the fixture's. */
const referenced = (schema: ResourceSchema, field: string): string | undefined => {
  const ui = (hints(schema).uiSchema ?? {})[field] as { 'ui:options'?: { reference?: string } } | undefined;
  const target = ui?.['ui:options']?.reference;
  return target === 'environments' ? scopes.environment : target === 'projects' ? scopes.project : undefined;
};

/** The sample record minus what the server sets, with values unique to this schema. */
const writableSample = (schema: ResourceSchema) => {
  const readOnly = new Set(hints(schema).readOnly ?? []);
  const sample = sampleRecord(schema, 'ignored');
  const properties = schema.properties as Record<
    string,
    { format?: string; enum?: unknown[]; type?: unknown; maxLength?: number; pattern?: string }
  >;
  return Object.fromEntries(
    Object.entries(sample)
      .filter(([field]) => field !== 'id' && !readOnly.has(field) && field in properties)
      .map(([field, value]) => {
        const prop = properties[field];
        const reference = referenced(schema, field);
        if (reference) return [field, reference];
        if (prop.format === 'email') return [field, `${schema.$id}@conformance.test`];
        const unique = `${String(value)} ${schema.$id}`;
        // A short code (regular-expression flags) stays the sample's value: a suffix would not fit.
        const fits = prop.maxLength === undefined || unique.length <= prop.maxLength;
        // A value its pattern must accept (a URL, a header name) stays the sample's too.
        if (typeof value === 'string' && !prop.format && !prop.enum && !prop.pattern && fits)
          return [field, unique];
        return [field, value];
      }),
  );
};

/** Fields whose text must name something else (a domain rule's name is a project rule's): not edited. */
const NAMING = new Set(['domain-rule.name']);

/** A plain text field to change on update, among those the sample's choices take. */
const editableText = (schema: ResourceSchema) =>
  Object.entries(
    schema.properties as Record<
      string,
      { type?: unknown; format?: string; enum?: unknown[]; maxLength?: number; pattern?: string }
    >,
  ).find(
    ([field, p]) =>
      p.type === 'string' &&
      !p.format &&
      // Free text only: a pattern (a URL, a header name) refuses 'Changed …'.
      !p.pattern &&
      !p.enum &&
      (p.maxLength === undefined || p.maxLength >= 50) &&
      !(hints(schema).readOnly ?? []).includes(field) &&
      field in sampleRecord(schema, 'ignored') &&
      !NAMING.has(`${schema.$id}.${field}`),
  )?.[0];

/**
 * Values a creation needs from records of other resources: a test runs the bank's messages of its
 * tag in an environment of its project, so the sample's tag must be some message's.
 */
const preparedBy: Record<string, () => Promise<Record<string, unknown>>> = {
  // A signing secret of the user's own is shown back once, as given (none: one is generated).
  webhook: async () => ({ secret: 'conformance-signing-secret-of-32-chars+' }),
  // A domain rule names a categorisation rule of the project and one of its domain modules.
  'domain-rule': async () => {
    const category = await call('POST', `${API}/environments/${scopes.environment}/categories`, {
      name: 'Conformance',
      kind: 'message',
      rules: [{ name: 'conformance-rule', priority: 1, criteria: { type: 'metadata', name: 'source' } }],
    });
    expect(category.statusCode, category.body).toBe(201);
    const module = await call('POST', `${API}/projects/${scopes.project}/domain-modules`, {
      name: 'Conformance module',
      module: 'categorization',
    });
    expect(module.statusCode, module.body).toBe(201);
    return {
      name: 'conformance-rule',
      kind: 'categories',
      module: module.json().id,
      priorities: [{ environmentId: scopes.environment, priority: 1 }],
    };
  },
  'test-run': async () => {
    const bank = `${API}/projects/${scopes.project}/messages`;
    const added = await call('POST', bank, { name: 'Tagged', text: 'Bonjour', tags: ['conformance'] });
    expect(added.statusCode, added.body).toBe(201);
    return { tag: 'conformance', environmentId: scopes.environment };
  },
};

/** Resources whose records are created by routes of their own, with a body those routes take. */
const createdByOwnRoutes: Record<string, object> = {
  analysis: { type: 'text', text: 'Conformance' },
};

/** Read-only records the platform writes as it works: made the way a user makes them happen. */
const writtenBy: Record<string, () => Promise<void>> = {
  // The worker takes the analysis just made: listed and shown while it does, one read would say
  // waiting and the other pending. Compared once the worker is done with it.
  analysis: async () => {
    const base = `${API}/environments/${scopes.environment}/analyses`;
    for (let tries = 0; tries < 300; tries++) {
      const analyses = (await call('GET', base)).json<{ status: string }[]>();
      if (!analyses.some((a) => a.status === 'waiting' || a.status === 'pending')) return;
      await new Promise((r) => setTimeout(r, 100));
    }
  },
  // A firing: a timeout alert and an analysis left pending past its minutes, at an evaluation.
  'alert-firing': async () => {
    const base = `${API}/environments/${scopes.environment}`;
    const alert = await call('POST', `${base}/alerts`, {
      kind: 'timeout',
      minutes: 1,
      email: 'firing@conformance.test',
    });
    expect(alert.statusCode, alert.body).toBe(201);
    await t.platform.db.query(
      `INSERT INTO analyses (id, environment_id, name, input_type, status, created_at)
       VALUES (gen_random_uuid(), $1, 'Stalled', 'text', 'pending', now() - interval '5 minutes')`,
      [scopes.environment],
    );
    await evaluateAlerts(t.platform.db, t.platform.queue, t.platform.config.publicUrl);
  },
  // A delivery: an analysis of an environment with a webhook (its address is never reached). Its first
  // attempt is waited for: the next is a minute later, so the list and the show then read the same.
  'webhook-delivery': async () => {
    const base = `${API}/environments/${scopes.environment}`;
    const hook = await call('POST', `${base}/webhooks`, { url: 'https://hooks.example.test/conformance' });
    expect(hook.statusCode, hook.body).toBe(201);
    expect((await call('POST', `${base}/analyses`, { type: 'text', text: 'Conformance' })).statusCode).toBe(
      201,
    );
    for (let tries = 0; tries < 300; tries++) {
      const deliveries = (await call('GET', `${base}/webhook-deliveries`)).json<{ attempts: number }[]>();
      if (deliveries.some((d) => d.attempts > 0)) return;
      await new Promise((r) => setTimeout(r, 100));
    }
  },
};

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: { authorization }, ...(payload ? { payload } : {}) });

describe.each(schemas.map((s) => [hints(s).path, s] as const))('%s', (_path, schema) => {
  const operations = new Set(hints(schema).operations ?? ['list', 'show', 'create', 'edit', 'delete']);

  // A read-only resource (the audit log) has records only what other mutations wrote: the round
  // trips of the schemas before it in this file. One created by routes of its own (an analysis is
  // an upload, not a JSON form) gets a record through them.
  it.runIf(!operations.has('create'))('lists and shows the records the platform wrote', async () => {
    const { base, filter } = addressOf(schema);
    const ownCreation = createdByOwnRoutes[schema.$id];
    if (ownCreation) expect((await call('POST', base, ownCreation)).statusCode).toBe(201);
    await writtenBy[schema.$id]?.();
    const list = await call('GET', `${base}${listQuery({ filter })}`);
    expect(list.statusCode, list.body).toBe(200);
    const [first] = list.json<({ id: string } & Record<string, unknown>)[]>();
    expect(first).toBeDefined();
    expect(listed(schema, (await call('GET', `${base}/${first.id}`)).json())).toEqual(first);
    if (!ownCreation) expect((await call('POST', base, {})).statusCode).toBe(404);
  });

  it.runIf(operations.has('create'))('round-trips a record through the real API and database', async () => {
    const { base, filter, body } = addressOf(schema);
    const input = { ...writableSample(schema), ...(await preparedBy[schema.$id]?.()), ...body };

    const created = await call('POST', base, input);
    expect(created.statusCode, created.body).toBe(201);
    const record = created.json<{ id: string } & Record<string, unknown>>();
    expect(record).toMatchObject(input);

    // What the creation alone reveals (a secret) reads back as null; everything else as created.
    const once = Object.fromEntries((hints(schema).shownOnce ?? []).map((field) => [field, null]));
    for (const field of Object.keys(once)) expect(record[field]).toEqual(expect.any(String));
    const stored = { ...record, ...once };
    const read = await call('GET', `${base}/${record.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(stored);

    const list = await call('GET', `${base}${listQuery({ filter: { ...filter, ids: [record.id] } })}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toEqual([listed(schema, stored)]);
    expect(list.headers['content-range']).toMatch(/ 0-0\/1$/);

    const field = editableText(schema);
    if (operations.has('edit') && field) {
      const updated = await call('PUT', `${base}/${record.id}`, { [field]: `Changed ${schema.$id}` });
      expect(updated.statusCode, updated.body).toBe(200);
      expect((await call('GET', `${base}/${record.id}`)).json()[field]).toBe(`Changed ${schema.$id}`);
    }

    const audit = await t.platform.db.query<{ action: string }>(
      'SELECT action FROM audit_logs WHERE record_id = $1 ORDER BY created_at',
      [record.id],
    );
    expect(audit.map((a) => a.action)[0]).toBe('create');

    if (operations.has('delete')) {
      expect((await call('DELETE', `${base}/${record.id}`)).statusCode).toBe(204);
      expect((await call('GET', `${base}/${record.id}`)).statusCode).toBe(404);
    }
  });
});

describe('computed columns (x-admin computedColumns)', () => {
  it('lists the records that name a record, by declaration alone, in one scope', async () => {
    const base = `${API}/environments/${scopes.environment}`;
    expect((await call('POST', `${base}/sprockets`, { name: 'S1' })).statusCode).toBe(201);
    expect((await call('POST', `${base}/sprockets`, { name: 'S2' })).statusCode).toBe(201);
    for (const holder of [
      { name: 'h-beta', sprockets: ['S1', 'S2'], sprocket: 'S1' },
      { name: 'H-alpha', sprockets: ['S1'] },
      { name: 'h-gamma', sprocket: 'S1' },
    ])
      expect((await call('POST', `${base}/holders`, holder)).statusCode).toBe(201);
    const list = await call('GET', `${base}/sprockets${listQuery({ sort: ['name', 'ASC'] })}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({ name: 'S1', holders: ['H-alpha', 'h-beta'], holderCount: 2 }),
      expect.objectContaining({ name: 'S2', holders: ['h-beta'], holderCount: 0 }),
    ]);
  });

  it('refuses at boot a column whose referrers are not documents of the same scope', () => {
    const misplaced = {
      ...holderSchema,
      'x-admin': { ...holderSchema['x-admin'], scope: 'project' as const },
    };
    expect(() => referrersColumns(sprocketSchema, [sprocketSchema, misplaced])).toThrow(/same scope/);
    expect(() => referrersColumns(sprocketSchema, [sprocketSchema])).toThrow(/holder/);
  });
});

describe('a throwaway schema whose fields depend on a choice (if/then)', () => {
  it('needs the field its choice takes, and drops the value of one it does not take', async () => {
    const { base } = addressOf(contraptionSchema);
    const missing = await call('POST', base, { name: 'Clock', mode: 'scheduled' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ details: [{ path: 'schedule', keyword: 'required' }] });
    const created = await call('POST', base, { name: 'Clock', mode: 'manual', schedule: 'daily' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).not.toHaveProperty('schedule');
    const { id } = created.json<{ id: string }>();
    const scheduled = await call('PUT', `${base}/${id}`, { mode: 'scheduled', schedule: 'daily' });
    expect(scheduled.json()).toMatchObject({ mode: 'scheduled', schedule: 'daily' });
    const manual = await call('PUT', `${base}/${id}`, { mode: 'manual' });
    expect(manual.statusCode, manual.body).toBe(200);
    expect(manual.json()).not.toHaveProperty('schedule');
    expect((await call('GET', `${base}/${id}`)).json()).not.toHaveProperty('schedule');
  });
});
