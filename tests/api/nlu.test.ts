import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stopIdleServers } from '../../server/configuration/server-states';
import { waitForAnalysis } from './support/analyses';
import { startTestPlatform, type TestPlatform } from './support/platform';
import { API, buildTenants, type Tenants } from './support/tenants';

let t: TestPlatform;
let acme: Tenants;
let env: string;
const url = (path: string) => `${API}/environments/${env}/${path}`;
const create = async (path: string, body: object) => {
  const res = await acme.call('POST', url(path), 'configurator', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string } & Record<string, unknown>;
};
const refused = async (path: string, body: object) => {
  const res = await acme.call('POST', url(path), 'configurator', body);
  expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
  return res.json() as { details?: { path: string; message: string }[]; message: string };
};

beforeAll(async () => {
  t = await startTestPlatform();
  acme = await buildTenants(t);
  env = acme.ids.env;
  await create('archetypes', {
    name: 'cancel',
    expressions: [
      { type: 'term', value: 'résilier' },
      { type: 'term', value: 'annuler' },
    ],
  });
  await create('archetypes', {
    name: 'contract',
    expressions: [
      { type: 'term', value: 'contrat' },
      { type: 'regex', value: 'CT-\\d{5}' },
    ],
  });
  await create('contexts', { name: 'customer care', languages: ['fr'] });
  await create('interactions', {
    name: 'cancellation',
    contexts: ['customer care'],
    parameters: [
      { position: 1, name: 'action', archetype: 'cancel' },
      { position: 2, name: 'object', archetype: 'contract' },
    ],
  });
  await create('servers', { name: 'main', aiVersion: 'v5', contexts: ['customer care'] });
  await create('categories', {
    name: 'Cancellation',
    kind: 'message',
    rules: [
      { name: 'asks to cancel', priority: 10, criteria: { type: 'interaction', name: 'cancellation' } },
    ],
  });
  await create('extraction-fields', { name: 'contract number', source: 'regex', pattern: 'CT-(\\d{5})' });
});
afterAll(() => t.close());

describe('the NLU configuration, through the API', () => {
  it('categorises an analysis and explains it down to the words; the stopped server starts for it', async () => {
    const text = 'Bonjour, je voudrais résilier mon contrat CT-12345 au plus vite.';
    const res = await acme.call('POST', url('analyses'), 'configurator', { type: 'text', text });
    expect(res.statusCode, res.body).toBe(201);
    const { result } = await waitForAnalysis(async () =>
      (await acme.call('GET', url(`analyses/${res.json().id}/result`), 'configurator')).json(),
    );
    expect(result!.language).toBe('fr');
    expect(result!.categories).toMatchObject([{ name: 'Cancellation', rule: 'asks to cancel' }]);
    const [index] = result!.categories[0].explanation!.criteria.interactions!;
    expect(result!.nlu.interactions[index]).toMatchObject({
      name: 'cancellation',
      parameters: { action: [{ value: 'résilier' }], object: [{ value: 'contrat' }] },
    });
    expect(result!.extractedData).toEqual([
      {
        name: 'contract number',
        value: '12345',
        source: 'regular expression /CT-(\\d{5})/',
        span: { source: 'message', start: text.indexOf('12345'), end: text.indexOf('12345') + 5 },
      },
    ]);
    expect(result!.trace.find((s) => s.step === 'nlu')!.warnings).toContain(
      "The AI was starting up: server 'main' started for this analysis",
    );
    const servers = (await acme.call('GET', url('servers'), 'configurator')).json() as {
      state: string;
      lastUsedAt: string;
    }[];
    expect(servers[0]).toMatchObject({ state: 'started', lastUsedAt: expect.any(String) });
  });

  it('refuses what the engine could not run, each problem on its field with the spec message', async () => {
    expect((await refused('archetypes', { name: ' ' })).message).toBe('Archetype name cannot be empty');
    expect((await refused('archetypes', { name: 'cancel' })).message).toBe(
      'An archetype of this name already exists',
    );
    expect((await refused('archetypes', { name: 'x', subArchetypes: ['ghost'] })).details).toEqual([
      {
        path: 'subArchetypes.0',
        message: "The sub-archetype 'ghost' does not exist",
        code: 'subArchetypeUnknown',
        params: { name: 'ghost' },
      },
    ]);
    const [regex] = (
      await refused('archetypes', { name: 'bad', expressions: [{ type: 'regex', value: '(a+)+$' }] })
    ).details!;
    expect(regex.path).toBe('expressions.0.value');
    expect(regex.message).toMatch(/\(a\+\)\+\$/);
    // The reason by code, for the console to say in the user's language
    // (docs/decisions/console-failures-by-code.md).
    expect(regex).toMatchObject({
      code: 'regexNestedRepeated',
      params: { source: '(a+)+$', quantifier: '+', inner: 'a+' },
    });
    expect((await refused('interactions', { name: '' })).message).toBe('Interaction name cannot be empty');
    expect((await refused('interactions', { name: 'i', parameters: [] })).details).toContainEqual({
      path: 'parameters',
      message: 'An interaction needs at least one parameter',
      code: 'parametersNone',
    });
    expect(
      (
        await refused('interactions', {
          name: 'i',
          distance: -2,
          parameters: [{ position: 1, name: 'p', archetype: 'cancel' }],
        })
      ).message,
    ).toBe('The distance is a number of tokens, or -1 for no limit');
    expect(
      (
        await refused('interactions', {
          name: 'i',
          parameters: [{ position: 1, name: 'p', archetype: 'nowhere' }],
        })
      ).details,
    ).toEqual([
      {
        path: 'parameters.0.archetype',
        message: "The archetype 'nowhere' does not exist",
        code: 'archetypeUnknown',
        params: { name: 'nowhere' },
      },
    ]);
    expect(
      (
        await refused('categories', {
          name: 'C',
          rules: [{ name: 'r', priority: 1.5, criteria: { type: 'interaction', name: 'cancellation' } }],
        })
      ).message,
    ).toBe('The priority must be a whole number');
  });

  it('refuses a distance on interactions of servers older than NLU 4.12', async () => {
    await create('contexts', { name: 'legacy' });
    await create('servers', { name: 'old', aiVersion: 'v4.11', contexts: ['legacy'] });
    const { details } = await refused('interactions', {
      name: 'near',
      distance: 3,
      contexts: ['legacy'],
      parameters: [{ position: 1, name: 'p', archetype: 'cancel' }],
    });
    expect(details).toEqual([
      {
        path: 'distance',
        message:
          "Setting the distance needs NLU version 4.12 or above; the server 'old' runs v4.11: end the interaction's name with [distance=3] instead",
        code: 'distanceNeedsVersion',
        params: { server: 'old', version: 'v4.11', distance: '3' },
      },
    ]);
  });

  it('sets the distance through the name on servers older than NLU 4.12, -1 included', async () => {
    // The v4.11 server 'old' of the test before; what this test adds it takes away after.
    const servers = (await acme.call('GET', url('servers'), 'configurator')).json() as {
      id: string;
      name: string;
    }[];
    const old = servers.find((s) => s.name === 'old')!;
    const far = await create('archetypes', {
      name: 'far word',
      expressions: [{ type: 'term', value: 'lointain' }],
    });
    const interaction = (name: string) => ({
      name,
      contexts: ['legacy'],
      parameters: [
        { position: 1, name: 'action', archetype: 'cancel' },
        { position: 2, name: 'what', archetype: 'far word' },
      ],
    });
    const added = [
      await create('interactions', interaction('near by name [distance=2]')),
      await create('interactions', interaction('anywhere by name [distance=-1]')),
    ];
    const { details } = await refused('interactions', interaction('wrong [distance=-5]'));
    expect(details).toEqual([expect.objectContaining({ path: 'name', code: 'distanceInName' })]);
    const res = await acme.call('POST', url('nlu-test'), 'configurator', {
      text: 'annuler un deux trois quatre lointain',
      servers: [old.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().servers[0].interactions.map((i: { name: string }) => i.name)).toEqual([
      'anywhere by name [distance=-1]',
    ]);
    for (const { id } of added)
      expect((await acme.call('DELETE', url(`interactions/${id}`), 'configurator')).statusCode).toBeLessThan(
        300,
      );
    expect((await acme.call('DELETE', url(`archetypes/${far.id}`), 'configurator')).statusCode).toBeLessThan(
      300,
    );
  });

  it('keeps a server at NLU 4.12 or above while an interaction of its contexts sets a distance', async () => {
    await create('contexts', { name: 'modern' });
    const server = await create('servers', { name: 'recent', aiVersion: 'v4.12', contexts: ['modern'] });
    const near = await create('interactions', {
      name: 'near in modern',
      distance: 3,
      contexts: ['modern'],
      parameters: [{ position: 1, name: 'p', archetype: 'cancel' }],
    });
    const refusal = {
      path: 'aiVersion',
      message:
        "The interaction 'near in modern' sets a distance, which v4.11 cannot read (it needs NLU 4.12 or above): keep the server at 4.12 or above, or remove the interaction's distance first",
      code: 'versionDropsDistance',
      params: { interaction: 'near in modern', version: 'v4.11' },
    };
    const down = await acme.call('PUT', url(`servers/${server.id}`), 'configurator', { aiVersion: 'v4.11' });
    expect(down.statusCode, down.body).toBe(400);
    expect(down.json().details).toEqual([refusal]);
    expect((await acme.call('GET', url(`servers/${server.id}`), 'configurator')).json().aiVersion).toBe(
      'v4.12',
    );
    // A new old server on that context is refused the same way; one on another context is not.
    expect(
      (await refused('servers', { name: 'older', aiVersion: 'v4.11', contexts: ['modern'] })).details,
    ).toEqual([refusal]);
    // Without the distance, the server may move down.
    const plain = await acme.call('PUT', url(`interactions/${near.id}`), 'configurator', { distance: -1 });
    expect(plain.statusCode, plain.body).toBe(200);
    const moved = await acme.call('PUT', url(`servers/${server.id}`), 'configurator', { aiVersion: 'v4.11' });
    expect(moved.statusCode, moved.body).toBe(200);
    for (const path of [`interactions/${near.id}`, `servers/${server.id}`])
      expect((await acme.call('DELETE', url(path), 'configurator')).statusCode).toBeLessThan(300);
  });

  it('flags a rule whose interaction is disabled', async () => {
    const [interaction] = (await acme.call('GET', url('interactions'), 'configurator')).json() as {
      id: string;
    }[];
    const off = await acme.call('PUT', url(`interactions/${interaction.id}`), 'configurator', {
      enabled: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await acme.call('GET', url('flagged-rules'), 'configurator')).json()).toEqual({
      flagged: [
        {
          category: 'Cancellation',
          kind: 'message',
          rule: 'asks to cancel',
          reason: "it refers to the disabled interaction 'cancellation'",
        },
      ],
      // The environment has two servers by now ('old' serves the legacy context).
      compatibility: [
        'Categorization reads one NLU server: at most one server is allowed (main, old)',
        "Server 'main' answers in response format V4: categorization needs response format V5",
        "Server 'old' runs AI version v4.11: categorization needs AI version v5 minimum",
        "Server 'old' answers in response format V4: categorization needs response format V5",
      ],
    });
    await acme.call('PUT', url(`interactions/${interaction.id}`), 'configurator', { enabled: true });
    expect((await acme.call('GET', url('flagged-rules'), 'configurator')).json()).toMatchObject({
      flagged: [],
    });
  });

  it('tests a text on chosen servers; at least one is needed', async () => {
    const none = await acme.call('POST', url('nlu-test'), 'configurator', { text: 'résilier', servers: [] });
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain('An NLU test needs at least one server');
    const [server] = (await acme.call('GET', url('servers'), 'configurator')).json() as { id: string }[];
    const res = await acme.call('POST', url('nlu-test'), 'configurator', {
      text: 'Je veux annuler le contrat',
      servers: [server.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    const [answer] = res.json().servers;
    expect(
      answer.archetypes.map((a: { archetype: string; text: string }) => `${a.archetype}:${a.text}`),
    ).toEqual(['cancel:annuler', 'contract:contrat']);
    expect(answer.interactions[0]).toMatchObject({ name: 'cancellation', text: 'annuler le contrat' });
    expect(
      (await acme.call('POST', url('nlu-test'), 'qualifier', { text: 'x', servers: [server.id] })).statusCode,
    ).toBe(403);
  });

  it('tests the extraction fields on a text, as an analysis would read it', async () => {
    const text = 'Merci de résilier le contrat CT-54321.';
    const res = await acme.call('POST', url('extraction-test'), 'configurator', { text });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      language: 'fr',
      extractedData: [
        {
          name: 'contract number',
          value: '54321',
          span: { source: 'message', start: text.indexOf('54321'), end: text.indexOf('54321') + 5 },
        },
      ],
    });
    expect((await acme.call('POST', url('extraction-test'), 'cockpit', { text: 'x' })).statusCode).toBe(403);
  });

  it('keeps only the fields the chosen source or function reads, and needs those', async () => {
    // A regular-expression field sent with a stale interaction and parameter: saved without them.
    const field = await create('extraction-fields', {
      name: 'stale choice',
      source: 'regex',
      pattern: 'X-(\\d+)',
      interaction: 'cancellation',
      parameter: 'object',
    });
    expect(field).toMatchObject({ source: 'regex', pattern: 'X-(\\d+)', flags: '' });
    expect(field).not.toHaveProperty('interaction');
    expect(field).not.toHaveProperty('parameter');
    // Switched to a parameter: the stored pattern and flags go, the parameter's fields are needed.
    const missing = await acme.call('PUT', url(`extraction-fields/${field.id}`), 'configurator', {
      source: 'parameter',
    });
    expect(missing.statusCode).toBe(400);
    expect((missing.json() as { details: { path: string }[] }).details.map((d) => d.path).sort()).toEqual([
      'interaction',
      'parameter',
    ]);
    const switched = await acme.call('PUT', url(`extraction-fields/${field.id}`), 'configurator', {
      source: 'parameter',
      interaction: 'cancellation',
      parameter: 'object',
    });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json()).toMatchObject({ interaction: 'cancellation', parameter: 'object' });
    expect(switched.json()).not.toHaveProperty('pattern');
    expect(switched.json()).not.toHaveProperty('flags');

    const fn = await create('interaction-functions', {
      name: 'after cancellation',
      functionName: 'followedBy',
      interactionAfter: 'cancellation',
      stringValue: 'left from parameterEquals',
    });
    expect(fn).toMatchObject({ functionName: 'followedBy', interactionAfter: 'cancellation' });
    expect(fn).not.toHaveProperty('stringValue');
    const copy = await refused('interaction-functions', { name: 'copy', functionName: 'copyParameter' });
    expect(copy.details!.map((d) => d.path).sort()).toEqual([
      'interactionToFind',
      'parameterName',
      'parameterToFind',
    ]);
  });

  it('lists the built-in archetypes and proposes variations of a term', async () => {
    const builtins = (await acme.call('GET', url('builtin-archetypes'), 'configurator')).json() as {
      name: string;
    }[];
    expect(builtins.map((b) => b.name)).toEqual([
      'date',
      'time',
      'number',
      'amount',
      'percentage',
      'email',
      'phone',
      'url',
      'iban',
    ]);
    const res = await acme.call('POST', url('archetype-variations'), 'configurator', {
      term: 'contrat',
      language: 'fr',
    });
    expect(res.json().variations).toContainEqual({ value: 'contrats', kind: 'plural' });
    expect(
      (await acme.call('POST', url('archetype-variations'), 'cockpit', { term: 'contrat' })).statusCode,
    ).toBe(403);
  });

  it('starts and stops servers; one whose configuration cannot compile says why and stays stopped', async () => {
    const servers = (await acme.call('GET', url('servers'), 'configurator')).json() as {
      id: string;
      name: string;
    }[];
    const main = servers.find((s) => s.name === 'main')!;
    expect((await acme.call('POST', url(`servers/${main.id}/stop`), 'configurator')).json()).toEqual({
      id: main.id,
      state: 'stopped',
    });
    const started = (await acme.call('POST', url(`servers/${main.id}/start`), 'configurator')).json();
    expect(started).toMatchObject({ id: main.id, state: 'started', compileMs: expect.any(Number) });

    const broken = await create('servers', { name: 'broken', contexts: ['legacy'] });
    const [legacy] = (
      (await acme.call('GET', url('contexts'), 'configurator')).json() as { id: string; name: string }[]
    ).filter((c) => c.name === 'legacy');
    // The API keeps a context a server loads (docs/decisions/resources-refuse-not-cascade.md) ...
    const kept = await acme.call('DELETE', url(`contexts/${legacy.id}`), 'configurator');
    expect(kept.statusCode).toBe(409);
    expect(kept.json().params).toMatchObject({ name: 'legacy', users: expect.stringContaining('broken') });
    // ... so the broken state is one written before that check: a server that cannot compile says why.
    await t.platform.db.query('DELETE FROM resource_documents WHERE id = $1', [legacy.id]);
    const res = await acme.call('POST', url(`servers/${broken.id}/start`), 'configurator');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'NLU_CONFIGURATION',
      message: "Server 'broken' cannot start: Server 'broken': the context 'legacy' does not exist",
      // Each problem by code too, for the console to say in the user's language
      // (docs/decisions/console-failures-by-code.md).
      params: {
        server: 'broken',
        problems: [
          {
            code: 'nluServerContextUnknown',
            params: { server: 'broken', name: 'legacy' },
            message: "Server 'broken': the context 'legacy' does not exist",
          },
        ],
      },
    });
    // Whole again for the tests after, which export and import it.
    await create('contexts', { name: 'legacy' });
  });

  it('stops servers unused for 5 minutes', async () => {
    const db = t.platform.db;
    await db.query(
      `UPDATE resource_documents SET data = data || jsonb_build_object('state', 'started', 'lastUsedAt', to_jsonb(now() - interval '6 minutes'))
       WHERE resource = 'nlu-server' AND data->>'name' = 'main'`,
    );
    expect(await stopIdleServers(db)).toHaveLength(1);
    const servers = (await acme.call('GET', url('servers'), 'configurator')).json() as {
      name: string;
      state: string;
    }[];
    expect(servers.find((s) => s.name === 'main')!.state).toBe('stopped');
  });
});

describe('the advanced categorisation (a Twig template writing the message categories)', () => {
  const settings = async (changes: object) => {
    const envs = `${API}/projects/${acme.ids.project}/environments`;
    const current = (await acme.call('GET', `${envs}/${env}`, 'configurator')).json();
    return acme.call('PUT', `${envs}/${env}`, 'configurator', { ...current, ...changes });
  };

  it('refuses a template with a syntax error or an include, with its line, on save and on import', async () => {
    const saved = await settings({ advancedCategorisation: true, categorisationTemplate: 'A\n{% if x %}B' });
    expect(saved.statusCode).toBe(400);
    // By code with its line, the engine's words a technical detail (the console says it in fr or en).
    expect(saved.json().details).toEqual([
      expect.objectContaining({
        path: 'categorisationTemplate',
        message: "Line 2: The 'if' tag is never closed (endif)",
        code: 'templateSyntax',
        params: { line: 2, detail: "The 'if' tag is never closed (endif)" },
      }),
    ]);
    // It renders alone: an include could never be found.
    const include = await settings({
      advancedCategorisation: true,
      categorisationTemplate: "A\n{% include 'x' %}",
    });
    expect(include.json().details).toEqual([
      expect.objectContaining({
        path: 'categorisationTemplate',
        message: "Line 2: the advanced categorisation cannot include a template ('x')",
        code: 'advancedCategorisationInclude',
        params: { line: 2, name: 'x' },
      }),
    ]);
    // A filter the engine does not have, by its own code (docs/security.md, 'A hostile input fails its own analysis').
    const unknown = await settings({
      advancedCategorisation: true,
      categorisationTemplate: 'A\n{{ x|constructor }}',
    });
    expect(unknown.json().details).toEqual([
      expect.objectContaining({
        path: 'categorisationTemplate',
        message: "Line 2: the filter 'constructor' does not exist",
        code: 'templateFilterUnknown',
        params: { line: 2, name: 'constructor' },
      }),
    ]);
    const exported = (await acme.call('GET', url('configuration'), 'configurator')).json();
    exported.settings.categorisationTemplate = '{{ x|nope }';
    const imported = await acme.call('PUT', url('configuration'), 'configurator', exported);
    expect(imported.statusCode).toBe(400);
    expect(imported.json().details).toEqual([
      {
        path: 'settings.categorisationTemplate',
        message: 'Line 1: The tag is not closed (}})',
        code: 'templateSyntax',
        params: { line: 1, detail: 'The tag is not closed (}})' },
      },
    ]);
  });

  it('writes the categories of analyses and of the test tab from what the analysis found', async () => {
    // Earlier tests left servers that cannot start and a disabled interaction: put them right.
    const servers = (await acme.call('GET', url('servers'), 'configurator')).json() as {
      id: string;
      name: string;
    }[];
    for (const s of servers.filter((s) => s.name !== 'main'))
      await acme.call('DELETE', url(`servers/${s.id}`), 'configurator');
    const [interaction] = (await acme.call('GET', url('interactions'), 'configurator')).json() as {
      id: string;
    }[];
    await acme.call('PUT', url(`interactions/${interaction.id}`), 'configurator', { enabled: true });
    await create('categories', { name: 'Contract', kind: 'message', rules: [] });
    await create('categories', { name: 'Urgent', kind: 'message', rules: [] });
    const template = [
      '{{ categories|join("\\n") }}',
      "{% if data['contract number'] is defined %}Contract{% endif %}",
      "{% if 'urgent' in text|lower %}Urgent{% endif %}",
      'Invented',
    ].join('\n');
    expect(
      (await settings({ advancedCategorisation: true, categorisationTemplate: template })).statusCode,
    ).toBe(200);

    const text = 'URGENT : je veux résilier mon contrat CT-12345';
    const res = await acme.call('POST', url('analyses'), 'configurator', { type: 'text', text });
    const { result } = await waitForAnalysis(async () =>
      (await acme.call('GET', url(`analyses/${res.json().id}/result`), 'configurator')).json(),
    );
    expect(result!.status, JSON.stringify(result!.trace)).toBe('processed');
    expect(result!.categories.map((c) => [c.name, c.rule])).toEqual([
      ['Cancellation', 'Advanced categorisation'],
      ['Contract', 'Advanced categorisation'],
      ['Urgent', 'Advanced categorisation'],
    ]);
    const categorisation = result!.trace.find((s) => s.step === 'categorization')!;
    const unknown = categorisation.warnings.indexOf(
      "The advanced categorisation wrote 'Invented', which is not a message category of this environment",
    );
    expect(unknown).toBeGreaterThanOrEqual(0);
    // By code beside the English, for the console to say in the user's language.
    expect(categorisation.messages?.warnings[unknown]).toEqual({
      code: 'advancedCategoryUnknown',
      params: { name: 'Invented' },
    });

    const tested = await acme.call('POST', url('categorisation-test'), 'configurator', {
      template: "{% if 'colis' in text %}Urgent\nInvented{% endif %}",
      text: 'Où est mon colis ?',
    });
    expect(tested.json()).toMatchObject({ ruleCategories: ['NO_CATEGORY'], categories: ['Urgent'] });
    // Its warnings in English, and by code for the console.
    const { warnings, warningMessages } = tested.json();
    expect(warnings.at(-1)).toBe(
      "The advanced categorisation wrote 'Invented', which is not a message category of this environment",
    );
    expect(warningMessages).toHaveLength(warnings.length);
    expect(warningMessages.at(-1)).toEqual({ code: 'advancedCategoryUnknown', params: { name: 'Invented' } });
    const broken = await acme.call('POST', url('categorisation-test'), 'configurator', {
      template: '{% for %}',
      text: 'x',
    });
    expect(broken.statusCode).toBe(422);
    expect(broken.json().message).toBe(
      'The advanced categorisation failed at line 1: Expected a variable name but found the end of the tag',
    );
    // Why, for the console: the reason in English and by code.
    expect(broken.json()).toMatchObject({
      code: 'CATEGORISATION_TEST_FAILED',
      params: {
        reason: broken.json().message,
        trace: {
          code: 'advancedCategorisationFailed',
          params: { line: 1, detail: 'Expected a variable name but found the end of the tag' },
        },
      },
    });

    // A body the route's schema refuses: Ajv's words for API clients, the code for the console.
    const noText = await acme.call('POST', url('categorisation-test'), 'configurator', { template: 'x' });
    expect([noText.statusCode, noText.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(noText.json().details).toEqual([{ path: 'text', message: 'is required', code: 'schemaRequired' }]);

    // A template that parses but fails as it renders fails the analysis, said by code with its line.
    expect(
      (
        await settings({
          advancedCategorisation: true,
          categorisationTemplate: 'A\n{{ (1..200000)|length }}',
        })
      ).statusCode,
    ).toBe(200);
    const failing = await acme.call('POST', url('analyses'), 'configurator', { type: 'text', text: 'x' });
    const { analysis } = await waitForAnalysis(async () =>
      (await acme.call('GET', url(`analyses/${failing.json().id}/result`), 'configurator')).json(),
    );
    expect(analysis.status).toBe('error');
    expect(analysis.errorMessage).toEqual({
      code: 'advancedCategorisationFailed',
      params: { line: 2, detail: 'The range is too long' },
    });
    expect(analysis.error).toBe('The advanced categorisation failed at line 2: The range is too long');
    await settings({ advancedCategorisation: false });
  });
});

describe('renaming a category', () => {
  it('needs a new, free name, and takes the rules and the default category that name it along', async () => {
    const claims = await create('categories', { name: 'Claims', kind: 'message', rules: [] });
    await create('categories', {
      name: 'Urgent claims',
      kind: 'message',
      rules: [
        {
          name: 'urgent claim',
          priority: 1,
          criteria: {
            type: 'all',
            children: [
              { type: 'category', name: 'Claims' },
              { type: 'header', name: 'x-priority' },
            ],
          },
        },
      ],
    });
    const envs = `${API}/projects/${acme.ids.project}/environments`;
    const current = (await acme.call('GET', `${envs}/${env}`, 'configurator')).json();
    await acme.call('PUT', `${envs}/${env}`, 'configurator', { ...current, defaultCategory: 'Claims' });
    const rename = (name: string, role: Parameters<Tenants['call']>[2] = 'configurator') =>
      acme.call('POST', url(`categories/${claims.id}/rename`), role, { name });

    const unchanged = await rename('Claims');
    expect(unchanged.statusCode).toBe(400);
    expect(unchanged.json().details).toEqual([
      expect.objectContaining({ path: 'name', message: 'Change the name before saving the rename' }),
    ]);
    expect((await rename('  ')).json().details).toEqual([
      expect.objectContaining({ path: 'name', message: 'Category name cannot be empty' }),
    ]);
    const taken = await rename('cancellation');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('A category of this name already exists');
    expect((await rename('Claim files', 'qualifier')).statusCode).toBe(403);

    const done = await rename('Claim files');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ name: 'Claim files', references: 2 });
    const all = (await acme.call('GET', url('categories'), 'configurator')).json() as {
      name: string;
      rules: { criteria: { children?: { name?: string }[] } }[];
    }[];
    expect(all.map((c) => c.name)).toContain('Claim files');
    expect(all.map((c) => c.name)).not.toContain('Claims');
    expect(all.find((c) => c.name === 'Urgent claims')!.rules[0].criteria.children![0]).toEqual({
      type: 'category',
      name: 'Claim files',
    });
    expect((await acme.call('GET', `${envs}/${env}`, 'configurator')).json().defaultCategory).toBe(
      'Claim files',
    );
    const log = await acme.call(
      'GET',
      `${API}/organisations/${acme.ids.org}/audit-logs?filter=${encodeURIComponent(JSON.stringify({ resource: 'categories', action: 'update' }))}`,
      'admin',
    );
    expect(log.statusCode, log.body).toBe(200);
    expect(log.json().map((r: { recordId: string }) => r.recordId)).toContain(claims.id);
  });
});

describe('renames follow through the configuration', () => {
  it('renames an archetype, a context and an interaction where they are named, and analyses still work', async () => {
    const one = async (path: string, name: string) =>
      (
        (await acme.call('GET', url(path), 'configurator')).json() as ({ id: string; name: string } & Record<
          string,
          unknown
        >)[]
      ).find((r) => r.name === name)!;
    const rename = async (path: string, from: string, to: string) => {
      const record = await one(path, from);
      const res = await acme.call('PUT', url(`${path}/${record.id}`), 'configurator', {
        ...record,
        name: to,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await rename('archetypes', 'contract', 'agreement');
    await rename('contexts', 'customer care', 'after-sales');
    await rename('interactions', 'cancellation', 'termination');

    const interaction = await one('interactions', 'termination');
    expect(interaction.contexts).toEqual(['after-sales']);
    expect(interaction.parameters).toMatchObject([{ archetype: 'cancel' }, { archetype: 'agreement' }]);
    expect((await one('servers', 'main')).contexts).toEqual(['after-sales']);
    const cancellation = await one('categories', 'Cancellation');
    expect(cancellation.rules).toMatchObject([{ criteria: { type: 'interaction', name: 'termination' } }]);

    const res = await acme.call('POST', url('analyses'), 'configurator', {
      type: 'text',
      text: 'Je veux résilier mon contrat CT-12345',
    });
    const { result } = await waitForAnalysis(async () =>
      (await acme.call('GET', url(`analyses/${res.json().id}/result`), 'configurator')).json(),
    );
    expect(result!.status, JSON.stringify(result!.trace)).toBe('processed');
    expect(result!.nlu.interactions.map((i) => i.name)).toContain('termination');
    expect(result!.categories.map((c) => c.name)).toContain('Cancellation');

    const log = await acme.call(
      'GET',
      `${API}/organisations/${acme.ids.org}/audit-logs?filter=${encodeURIComponent(JSON.stringify({ resource: 'servers' }))}`,
      'admin',
    );
    expect(
      log.json().some((r: { changes: { contexts?: unknown } }) => r.changes.contexts !== undefined),
    ).toBe(true);
  });
});
