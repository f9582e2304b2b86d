import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineResourceSchema } from '../../schemas/_defs/admin';
import { NLU_LANGUAGES, RETENTIONS } from '../../schemas/environment.schema';
import { resourceSchemas } from '../../schemas/index';
import { startTestPlatform, type TestPlatform } from './support/platform';
import { API, buildTenants, type Tenants } from './support/tenants';
import { widgetSchema } from './support/throwaway-schemas';

/** A configuration entity that points at another one by id: a field its schema declares `format: 'uuid'`. */
const ruleSchema = defineResourceSchema({
  $id: 'rule',
  type: 'object',
  additionalProperties: false,
  required: ['name', 'widgetId'],
  properties: {
    id: { type: 'string' },
    environmentId: { type: 'string' },
    name: { type: 'string', minLength: 1 },
    widgetId: { type: 'string', format: 'uuid' },
    priority: { type: 'integer', default: 0 },
  },
  'x-admin': {
    scope: 'environment',
    path: 'rules',
    storage: 'document',
    listColumns: ['name'],
    recordRepresentation: 'name',
    menu: false,
    access: { read: 'cockpit', write: 'configurator' },
    readOnly: ['id', 'environmentId'],
  },
});

let t: TestPlatform;
let acme: Tenants;
const config = (env: string) => `${API}/environments/${env}/configuration`;

beforeAll(async () => {
  t = await startTestPlatform({}, { schemas: [...resourceSchemas, widgetSchema, ruleSchema] });
  acme = await buildTenants(t);
});
afterAll(() => t.close());

const exportOf = async (env: string) => {
  const res = await acme.call('GET', config(env), 'configurator');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const importInto = (env: string, document: unknown) =>
  acme.call('PUT', config(env), 'configurator', document);
const newEnvironment = async () =>
  (
    await acme.call('POST', `${API}/projects/${acme.ids.project}/environments`, 'configurator', {
      name: `Env ${Math.random().toString(36).slice(2, 10)}`,
    })
  ).json().id as string;

/** Ids replaced by their rank of first appearance: two documents equal "ids aside" compare equal. */
const withoutIds = (document: unknown) => {
  const ranks = new Map<string, string>();
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string' && uuid.test(v)) {
      if (!ranks.has(v)) ranks.set(v, `#${ranks.size}`);
      return ranks.get(v);
    }
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object')
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(document);
};

const settingsArb = fc
  .record({
    aiVersion: fc.constantFrom('v4', 'v5'),
    priorityProcessing: fc.boolean(),
    debugMode: fc.boolean(),
    productionMode: fc.boolean(),
    languages: fc.uniqueArray(fc.constantFrom(...NLU_LANGUAGES), { minLength: 1, maxLength: 4 }),
    retention: fc.constantFrom(...RETENTIONS),
  })
  .map((s) => ({ ...s, productionMode: s.productionMode && !s.debugMode }));

/** Widgets with unique names (any case), and rules that each point at one of them. */
const documentArb = fc
  .uniqueArray(
    fc.record({
      id: fc.uuid(),
      name: fc.string({ minLength: 1, maxLength: 40 }),
      size: fc.nat(1000),
      enabled: fc.boolean(),
      tags: fc.array(fc.string({ maxLength: 8 }), { maxLength: 3 }),
    }),
    { selector: (w) => w.name.toLowerCase(), maxLength: 6 },
  )
  .chain((widgets) =>
    fc.record({
      format: fc.constant('environment-configuration'),
      version: fc.constant(1),
      settings: settingsArb,
      entities: fc.record({
        widgets: fc.constant(widgets),
        rules:
          widgets.length === 0
            ? fc.constant([])
            : fc.array(
                fc.record({
                  id: fc.uuid(),
                  name: fc.string({ minLength: 1, maxLength: 20 }),
                  widgetId: fc.constantFrom(...widgets.map((w) => w.id)),
                  priority: fc.integer({ min: -5, max: 5 }),
                }),
                { maxLength: 4 },
              ),
      }),
    }),
  );

describe('environment configuration: export, import, versions', () => {
  it('export → import into a fresh environment → export gives the same document, ids aside', async () => {
    await fc.assert(
      fc.asyncProperty(documentArb, async (document) => {
        const source = await newEnvironment();
        expect((await importInto(source, document)).statusCode).toBe(200);
        const first = await exportOf(source);
        const target = await newEnvironment();
        const imported = await importInto(target, first);
        expect(imported.statusCode, imported.body).toBe(200);
        const second = await exportOf(target);
        expect(withoutIds(second)).toEqual(withoutIds(first));
        // Fresh ids in the new environment, references following them.
        const widgetIds = new Set(second.entities.widgets.map((w: { id: string }) => w.id));
        for (const w of first.entities.widgets) expect(widgetIds.has(w.id)).toBe(false);
        for (const r of second.entities.rules) expect(widgetIds.has(r.widgetId)).toBe(true);
      }),
      { numRuns: 12 },
    );
  });

  it('restoring a version gives back exactly that configuration', async () => {
    await fc.assert(
      fc.asyncProperty(documentArb, documentArb, async (saved, later) => {
        const env = await newEnvironment();
        await importInto(env, saved);
        const atVersion = await exportOf(env);
        const version = await acme.call(
          'POST',
          `${API}/projects/${acme.ids.project}/versions`,
          'configurator',
          {
            name: 'Before the change',
            environmentId: env,
          },
        );
        expect(version.statusCode, version.body).toBe(201);
        await importInto(env, later);
        const restored = await acme.call(
          'POST',
          `${API}/projects/${acme.ids.project}/versions/${version.json().id}/restore`,
          'configurator',
        );
        expect(restored.statusCode, restored.body).toBe(200);
        expect(await exportOf(env)).toEqual(atVersion);
      }),
      { numRuns: 8 },
    );
  });

  it('compares a version with the current state, field by field', async () => {
    const env = await newEnvironment();
    const base = {
      format: 'environment-configuration',
      version: 1,
      settings: { retention: 'OneWeek', languages: ['fr'] },
      entities: { widgets: [{ id: 'w1', name: 'Gear', size: 1 }], rules: [] },
    };
    await importInto(env, base);
    const version = (
      await acme.call('POST', `${API}/projects/${acme.ids.project}/versions`, 'admin', {
        name: 'v1',
        environmentId: env,
      })
    ).json();
    const now = await exportOf(env);
    await importInto(env, {
      ...now,
      settings: { ...now.settings, retention: 'OneYear' },
      entities: {
        widgets: [
          { ...now.entities.widgets[0], size: 2 },
          { id: 'w2', name: 'Bolt' },
        ],
        rules: [],
      },
    });
    const diff = await acme.call(
      'GET',
      `${API}/projects/${acme.ids.project}/versions/${version.id}/diff`,
      'admin',
    );
    expect(diff.json()).toEqual([
      { path: 'settings.retention', kind: 'changed', before: 'OneWeek', after: 'OneYear' },
      { path: 'entities.widgets.Gear.size', kind: 'changed', before: 1, after: 2 },
      { path: 'entities.widgets.Bolt', kind: 'added', after: expect.objectContaining({ name: 'Bolt' }) },
    ]);
    const list = await acme.call('GET', `${API}/projects/${acme.ids.project}/versions`, 'admin');
    expect(list.json()[0]).toMatchObject({
      name: 'v1',
      environmentName: expect.any(String),
      ownerName: 'acme-admin',
    });
  });

  it('compares settings with their defaults filled in: the first settings save shows only its change', async () => {
    const env = await newEnvironment();
    // As a use-case template writes them: only the settings it sets, the others implied.
    await importInto(env, {
      format: 'environment-configuration',
      version: 1,
      settings: { languages: ['fr', 'gb'], multiCategory: false, defaultCategory: 'Other' },
      entities: { widgets: [], rules: [] },
    });
    const version = (
      await acme.call('POST', `${API}/projects/${acme.ids.project}/versions`, 'admin', {
        name: 'template',
        environmentId: env,
      })
    ).json();
    const envUrl = `${API}/projects/${acme.ids.project}/environments/${env}`;
    const record = (await acme.call('GET', envUrl, 'configurator')).json();
    const saved = await acme.call('PUT', envUrl, 'configurator', { ...record, retention: 'OneYear' });
    expect(saved.statusCode, saved.body).toBe(200);
    const diff = await acme.call(
      'GET',
      `${API}/projects/${acme.ids.project}/versions/${version.id}/diff`,
      'admin',
    );
    expect(diff.json()).toEqual([
      { path: 'settings.retention', kind: 'changed', before: 'Always', after: 'OneYear' },
    ]);
    // Likewise the extractor's settings, implied until their page first saves them.
    const settingsUrl = `${API}/environments/${env}/extractor-settings`;
    const extractor = (await acme.call('GET', settingsUrl, 'configurator')).json();
    extractor.document.ocrMode = 'ON';
    expect((await acme.call('PUT', settingsUrl, 'configurator', extractor)).statusCode).toBe(200);
    const again = await acme.call(
      'GET',
      `${API}/projects/${acme.ids.project}/versions/${version.id}/diff`,
      'admin',
    );
    expect(again.json()).toEqual([
      { path: 'settings.retention', kind: 'changed', before: 'Always', after: 'OneYear' },
      {
        path: 'extractor.document',
        kind: 'changed',
        before: expect.objectContaining({ ocrMode: 'AUTO' }),
        after: expect.objectContaining({ ocrMode: 'ON' }),
      },
    ]);
  });

  it('carries the extractor settings: saved ones go out with the export and come back with an import', async () => {
    const source = await newEnvironment();
    const settingsUrl = `${API}/environments/${source}/extractor-settings`;
    const saved = (await acme.call('GET', settingsUrl, 'configurator')).json();
    saved.document.ocrMode = 'ON';
    saved.email.ignoredExtensions = ['ics'];
    expect((await acme.call('PUT', settingsUrl, 'configurator', saved)).statusCode).toBe(200);
    const exported = await exportOf(source);
    expect(exported.extractor).toMatchObject({
      document: { ocrMode: 'ON' },
      email: { ignoredExtensions: ['ics'] },
    });

    const target = await newEnvironment();
    expect((await importInto(target, exported)).statusCode).toBe(200);
    const read = (
      await acme.call('GET', `${API}/environments/${target}/extractor-settings`, 'configurator')
    ).json();
    expect(read).toEqual(saved);
    expect(withoutIds(await exportOf(target))).toEqual(withoutIds(exported));

    const bad = await importInto(target, { ...exported, extractor: { document: { ocrMode: 'SOMETIMES' } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([expect.objectContaining({ path: 'extractor.document.ocrMode' })]);
  });

  it('refuses a bad file with a message that names the problem, and changes nothing', async () => {
    const env = await newEnvironment();
    await importInto(env, {
      format: 'environment-configuration',
      version: 1,
      settings: {},
      entities: { widgets: [{ id: 'w1', name: 'Kept' }] },
    });
    const before = await exportOf(env);
    const refusal = async (payload: unknown, headers: Record<string, string> = {}) => {
      const res = await acme.call('PUT', config(env), 'configurator', payload, headers);
      expect(await exportOf(env)).toEqual(before);
      return res;
    };
    const notJson = await refusal('{"format": oops', { 'content-type': 'application/json' });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().message).toBe('The request body is not valid JSON');

    // Each refusal by code with its params (the console says them in the user's language), its
    // English unchanged for API clients.
    const wrongFormat = await refusal({ format: 'something-else', version: 1 });
    expect(wrongFormat.json().message).toMatch(/format must be 'environment-configuration'/);
    expect(wrongFormat.json().details).toEqual([
      {
        path: 'format',
        message: "must be 'environment-configuration' (an exported environment configuration)",
        code: 'configFormat',
        params: { format: 'environment-configuration' },
      },
    ]);
    const wrongVersion = await refusal({ format: 'environment-configuration', version: 7 });
    expect(wrongVersion.json().message).toMatch(/version 7 is not a version this platform reads/);
    expect(wrongVersion.json().details).toEqual([
      {
        path: 'version',
        message: '7 is not a version this platform reads (1)',
        code: 'configVersion',
        params: { version: '7', expected: 1 },
      },
    ]);
    expect((await refusal([1, 2])).json().details).toEqual([
      { path: '(document)', message: 'is not a JSON object', code: 'configNotObject' },
    ]);

    const unknownKind = await refusal({ ...before, entities: { ...before.entities, spaceships: [] } });
    expect(unknownKind.statusCode).toBe(400);
    expect(unknownKind.json().details).toContainEqual({
      path: 'entities.spaceships',
      message: 'is not a kind of entity this platform knows',
      code: 'configKindUnknown',
    });
    const badLists = await refusal({
      ...before,
      settings: 'none',
      extractor: [],
      entities: {
        widgets: [{ name: 'No id' }, { id: 'w', name: 'One' }, { id: 'w', name: 'Two' }, 3],
        rules: {},
      },
    });
    expect(badLists.json().details).toEqual(
      expect.arrayContaining([
        { path: 'settings', message: 'must be an object', code: 'configMustBeObject' },
        { path: 'extractor', message: 'must be an object', code: 'configMustBeObject' },
        { path: 'entities.rules', message: 'must be a list', code: 'configMustBeList' },
        { path: 'entities.widgets.0.id', message: 'is required', code: 'configIdRequired' },
        { path: 'entities.widgets.2.id', message: 'is used twice', code: 'configIdTwice' },
        { path: 'entities.widgets.3', message: 'must be an object', code: 'configMustBeObject' },
      ]),
    );
    expect((await refusal({ ...before, entities: [] })).json().details).toContainEqual({
      path: 'entities',
      message: 'must be an object of entity lists',
      code: 'configEntitiesNotObject',
    });
    const badEntity = await refusal({
      ...before,
      entities: {
        widgets: [
          { id: 'a', name: 'Ok' },
          { id: 'b', name: 'Bad', size: -1 },
          { id: 'c', name: 'OK' },
        ],
      },
    });
    expect(badEntity.json().details).toEqual([
      { path: 'entities.widgets.1.size', message: 'A widget cannot be smaller than nothing' },
      { path: 'entities.widgets.2.name', message: 'This widget name is taken (entity 0 has the same)' },
    ]);
    const badSettings = await refusal({
      ...before,
      settings: { debugMode: true, productionMode: true, colour: 'red' },
    });
    expect(badSettings.json().details.map((d: { path: string }) => d.path)).toEqual([
      'settings.colour',
      'settings.productionMode',
    ]);
    expect(badSettings.json().details[1]).toEqual({
      path: 'settings.productionMode',
      message: 'AI debug mode and production mode cannot be active at the same time',
      code: 'modesExclusive',
    });
    // Module settings it could not run, each by code with its params: the console says them in the
    // user's language, API clients read the English.
    const badModules = await refusal({
      ...before,
      settings: {
        vision: {
          active: true,
          type: 'strict_classification',
          prompt: '',
          categories: [
            { key: 'invoice', description: '' },
            { key: 'invoice', description: 'again' },
          ],
          fields: [],
        },
        ocrData: {
          category: '',
          documents: [],
          fields: [
            { key: 'total', anchors: [], pattern: '', type: 'text' },
            { key: 'total', anchors: ['Total'], pattern: '(a+)+$', type: 'text' },
          ],
        },
        postProcessing: { rules: [{ name: 'key', when: '', action: 'setData', target: '2nd', value: 'x' }] },
        consolidation: { workflowId: 'crm/case' },
      },
    });
    expect(badModules.statusCode).toBe(400);
    const details = badModules.json().details;
    expect(details).toContainEqual({
      path: 'settings.vision.categories.1.key',
      message: "The key 'invoice' is declared twice",
      code: 'settingsKeyTwice',
      params: { key: 'invoice' },
    });
    expect(details).toContainEqual({
      path: 'settings.ocrData.fields.0.anchors',
      message: "The field 'total' needs at least one anchor label",
      code: 'settingsAnchorRequired',
      params: { key: 'total' },
    });
    expect(details).toContainEqual({
      path: 'settings.ocrData.fields.1.key',
      message: "The key 'total' is declared twice",
      code: 'settingsKeyTwice',
      params: { key: 'total' },
    });
    expect(details).toContainEqual(
      expect.objectContaining({
        path: 'settings.ocrData.fields.1.pattern',
        message: expect.stringMatching(
          /^The pattern of the field 'total' cannot be used: '\(a\+\)\+\$' is refused/,
        ),
        code: 'settingsPatternRefused',
        params: { key: 'total', reason: expect.objectContaining({ code: 'regexNestedRepeated' }) },
      }),
    );
    expect(details).toContainEqual({
      path: 'settings.postProcessing.rules.0.target',
      message: "'2nd' is not a valid key: a letter, then letters, digits or _ (64 at most)",
      code: 'settingsKeyInvalid',
      params: { key: '2nd' },
    });
    expect(details).toContainEqual({
      path: 'settings.consolidation.workflowId',
      message: "'crm/case' is not a workflow id: letters, digits, - and _ (128 at most)",
      code: 'settingsWorkflowIdInvalid',
      params: { workflowId: 'crm/case' },
    });
    const huge = await refusal({ ...before, padding: 'x'.repeat(21 * 1024 * 1024) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe('The request body is too large');
  });

  it('creates an environment from a configuration file, or leaves none behind when refused', async () => {
    const source = await newEnvironment();
    await importInto(source, {
      format: 'environment-configuration',
      version: 1,
      settings: { retention: 'OneDay' },
      entities: {
        widgets: [{ id: 'w', name: 'Imported widget' }],
        rules: [{ id: 'r', name: 'R', widgetId: 'w' }],
      },
    });
    const configuration = await exportOf(source);
    const importUrl = `${API}/projects/${acme.ids.project}/environments/import`;
    const created = await acme.call('POST', importUrl, 'configurator', {
      name: 'From a file',
      configuration,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ name: 'From a file', entities: 2 });
    expect(withoutIds(await exportOf(created.json().id))).toEqual(withoutIds(configuration));

    const names = async () =>
      (await acme.call('GET', `${API}/projects/${acme.ids.project}/environments`, 'admin'))
        .json()
        .map((e: { name: string }) => e.name);
    const taken = await acme.call('POST', importUrl, 'configurator', { name: 'FROM A FILE', configuration });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('This name is already used for an environment in this project');
    const bad = await acme.call('POST', importUrl, 'configurator', {
      name: 'Never made',
      configuration: { ...configuration, version: 3 },
    });
    expect(bad.statusCode).toBe(400);
    expect(await names()).not.toContain('Never made');
    const noName = await acme.call('POST', importUrl, 'configurator', { configuration });
    expect(noName.json().details).toEqual([
      { path: 'name', message: 'is required', keyword: 'required', code: 'schemaRequired' },
    ]);
    expect((await acme.call('POST', importUrl, 'qualifier', { name: 'No', configuration })).statusCode).toBe(
      403,
    );
  });

  it('is for configurators: below, a 403; another organisation, a 404', async () => {
    expect((await acme.call('GET', config(acme.ids.env), 'qualifier')).statusCode).toBe(403);
    expect((await acme.call('PUT', config(acme.ids.env), 'qualifier', {})).statusCode).toBe(403);
    expect((await acme.call('GET', config(acme.ids.otherEnv), 'admin')).statusCode).toBe(404);
    const exported = await acme.call('GET', config(acme.ids.env), 'admin');
    expect(exported.headers['content-disposition']).toBe(
      "attachment; filename*=UTF-8''Production-configuration.json",
    );
  });
});
