import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResourceSchema } from '../../schemas';
import { resourceSchemas } from '../../schemas';
import { evaluateAlerts } from '../../server/alerts/evaluate';
import { buildApp } from '../../server/app';
import { fixtures, signIn } from '../api/support/fixtures';
import { startTestPlatform, type TestPlatform } from '../api/support/platform';
import { API, listQuery } from '../api/support/tenants';
import { widgetSchema } from '../api/support/throwaway-schemas';
import { sampleRecord } from './sampleRecord';

/**
 * DESIGN.md §4: adding a resource = adding one schema. For every schema — the product's and a
 * throwaway one given at run time — create → read → list → update → delete round-trips through the
 * real API and database, driven by nothing but the schema.
 */
const schemas: readonly ResourceSchema[] = [...resourceSchemas, widgetSchema];

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

/** A plain text field to change on update. */
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
  // A delivery: an analysis of an environment with a webhook (its address is never reached).
  'webhook-delivery': async () => {
    const base = `${API}/environments/${scopes.environment}`;
    const hook = await call('POST', `${base}/webhooks`, { url: 'https://hooks.example.test/conformance' });
    expect(hook.statusCode, hook.body).toBe(201);
    expect((await call('POST', `${base}/analyses`, { type: 'text', text: 'Conformance' })).statusCode).toBe(
      201,
    );
    for (let tries = 0; tries < 300; tries++) {
      if ((await call('GET', `${base}/webhook-deliveries`)).json<unknown[]>().length) return;
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
    expect((await call('GET', `${base}/${first.id}`)).json()).toEqual(first);
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
    expect(list.json()).toEqual([stored]);
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
