import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UseCaseTemplate } from '../../schemas/contracts/configuration';
import type { ConfigurationGraph, GraphNode } from '../../schemas/contracts/graph';
import { startTestPlatform, type TestPlatform } from './support/platform';
import { API, buildTenants, environmentCalls, type Tenants } from './support/tenants';

/**
 * The configuration graph (spec pipeline §2 `graph`, docs/decisions/dashboard-graph-view.md): what
 * the server draws of an environment's configuration, what it makes stand out, and who may read it.
 */
let t: TestPlatform;
let acme: Tenants;
let env: string;
const { ok } = environmentCalls(
  () => acme,
  () => env,
);
const graphOf = async (environmentId: string, who: 'configurator' | 'admin' = 'configurator') => {
  const res = await acme.call('GET', `${API}/environments/${environmentId}/graph`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ConfigurationGraph>();
};
const node = (graph: ConfigurationGraph, id: string) => graph.nodes.find((n) => n.id === id) as GraphNode;
const targets = (graph: ConfigurationGraph, from: string) =>
  graph.edges
    .filter((e) => e.from === from)
    .map((e) => e.to)
    .sort();

beforeAll(async () => {
  t = await startTestPlatform({}, { worker: false });
  acme = await buildTenants(t);
  env = (
    await acme.call('POST', `${API}/projects/${acme.ids.project}/environments`, 'configurator', {
      name: 'Graph',
    })
  ).json().id;
  await ok('POST', 'archetypes', { name: 'cancel', expressions: [{ type: 'term', value: 'annuler' }] });
  await ok('POST', 'archetypes', { name: 'contract', subArchetypes: ['date'], expressions: [] });
  await ok('POST', 'archetypes', { name: 'forgotten', expressions: [{ type: 'term', value: 'oubli' }] });
  await ok('POST', 'contexts', { name: 'customer care', languages: ['fr'] });
  await ok('POST', 'servers', { name: 'main', contexts: ['customer care'] });
  await ok('POST', 'interactions', {
    name: 'cancellation',
    contexts: ['customer care'],
    parameters: [
      { position: 1, name: 'action', archetype: 'cancel' },
      { position: 2, name: 'object', archetype: 'contract' },
    ],
  });
  await ok('POST', 'interactions', {
    name: 'old one',
    enabled: false,
    contexts: ['customer care'],
    parameters: [{ position: 1, name: 'action', archetype: 'cancel' }],
  });
  await ok('POST', 'categories', {
    name: 'Cancellation',
    kind: 'message',
    rules: [
      { name: 'asks', priority: 1, criteria: { type: 'interaction', name: 'cancellation' } },
      { name: 'legacy', priority: 2, criteria: { type: 'interaction', name: 'old one' } },
    ],
  });
  await ok('POST', 'categories', {
    name: 'Urgent cancellation',
    kind: 'message',
    rules: [{ name: 'follows', priority: 3, criteria: { type: 'category', name: 'Cancellation' } }],
  });
  await ok('POST', 'extraction-fields', { name: 'contract', source: 'archetype', archetype: 'contract' });
});
afterAll(() => t.close());

describe('configuration graph', () => {
  it('draws servers → contexts → interactions → archetypes → sub-archetypes, and categories → rules → what they test', async () => {
    const graph = await graphOf(env);
    expect(targets(graph, 'nlu-server:main')).toEqual(['nlu-context:customer care']);
    // A context points at the interactions it holds, so the graph reads as the engine works.
    expect(targets(graph, 'nlu-context:customer care')).toEqual([
      'interaction:cancellation',
      'interaction:old one',
    ]);
    expect(targets(graph, 'interaction:cancellation')).toEqual(['archetype:cancel', 'archetype:contract']);
    expect(targets(graph, 'archetype:contract')).toEqual(['builtin-archetype:date']);
    expect(targets(graph, 'category:Cancellation')).toEqual(['rule:Cancellation#0', 'rule:Cancellation#1']);
    expect(targets(graph, 'rule:Cancellation#0')).toEqual(['interaction:cancellation']);
    expect(targets(graph, 'rule:Urgent cancellation#0')).toEqual(['category:Cancellation']);
    expect(targets(graph, 'extraction-field:contract')).toEqual(['archetype:contract']);
    // Each entity opens its own editor; a rule opens its category's.
    expect(node(graph, 'archetype:cancel').record).toMatchObject({ resource: 'archetype' });
    expect(node(graph, 'rule:Cancellation#1')).toMatchObject({
      category: 'Cancellation',
      record: node(graph, 'category:Cancellation').record,
    });
  });

  it('chains the active modules in order, each pointing at what it reads', async () => {
    const graph = await graphOf(env);
    const modules = graph.nodes.filter((n) => n.kind === 'module').map((n) => n.module);
    expect(modules).toEqual(['extractor', 'nlu', 'categorization', 'extraction', 'replyTemplate', 'output']);
    expect(targets(graph, 'module:0')).toEqual(['module:1']);
    expect(targets(graph, 'module:1')).toEqual(['module:2', 'nlu-server:main']);
    expect(targets(graph, 'module:2')).toEqual([
      'category:Cancellation',
      'category:Urgent cancellation',
      'module:3',
    ]);
  });

  it('makes unused archetypes, disabled interactions and the rules they flag stand out', async () => {
    const graph = await graphOf(env);
    expect(graph.nodes.filter((n) => n.unused).map((n) => n.id)).toEqual(['archetype:forgotten']);
    expect(node(graph, 'interaction:old one').disabled).toBe(true);
    expect(node(graph, 'rule:Cancellation#1').flagged).toEqual({
      interaction: 'old one',
      reason: 'disabled',
    });
    expect(node(graph, 'rule:Cancellation#0').flagged).toBeUndefined();
    expect(graph.nodes.filter((n) => n.missing)).toEqual([]);
  });

  it('shows a reference to a missing entity (left by an older version) as a node of its own', async () => {
    // The API refuses such references (configuration-integrity.test.ts); older data may hold them.
    await t.platform.db.query(
      `UPDATE resource_documents SET data = jsonb_set(data, '{parameters,1,archetype}', '"policy"')
       WHERE resource = 'interaction' AND scope_id = $1 AND data->>'name' = 'cancellation'`,
      [env],
    );
    await t.platform.db.query(
      `UPDATE resource_documents
       SET data = jsonb_set(data, '{rules,0,criteria,name}', '"gone"')
       WHERE resource = 'category' AND scope_id = $1 AND data->>'name' = 'Cancellation'`,
      [env],
    );
    const graph = await graphOf(env);
    expect(node(graph, 'archetype:policy')).toMatchObject({ missing: true, kind: 'archetype' });
    expect(node(graph, 'archetype:policy').record).toBeUndefined();
    expect(targets(graph, 'interaction:cancellation')).toEqual(['archetype:cancel', 'archetype:policy']);
    expect(node(graph, 'rule:Cancellation#0').flagged).toEqual({ interaction: 'gone', reason: 'missing' });
    // What no longer names 'contract' leaves it to the extraction field alone: still used.
    expect(node(graph, 'archetype:contract').unused).toBe(false);
  });

  it('shows no dangling reference in the use-case templates’ environments', async () => {
    const templates = (await acme.call('GET', `${API}/use-case-templates`, 'configurator')).json<
      UseCaseTemplate[]
    >();
    expect(templates.length).toBeGreaterThanOrEqual(3);
    for (const template of templates) {
      const created = await acme.call(
        'POST',
        `${API}/projects/${acme.ids.project}/environments/import`,
        'admin',
        {
          name: `Graph of ${template.key}`,
          configuration: template.configuration,
        },
      );
      expect(created.statusCode, created.body).toBe(201);
      const graph = await graphOf(created.json().id, 'admin');
      expect(graph.nodes.filter((n) => n.kind === 'interaction').length, template.key).toBeGreaterThan(0);
      expect(
        graph.nodes.filter((n) => n.missing),
        template.key,
      ).toEqual([]);
      expect(
        graph.nodes.filter((n) => n.flagged),
        template.key,
      ).toEqual([]);
    }
  });

  it('is for configurators: cockpit viewers and qualifiers are refused, other tenants see nothing', async () => {
    for (const who of ['cockpit', 'qualifier'] as const) {
      expect((await acme.call('GET', `${API}/environments/${env}/graph`, who)).statusCode, who).toBe(403);
    }
    expect((await acme.call('GET', `${API}/environments/${env}/graph`, 'outsider')).statusCode).toBe(404);
    expect(
      (await acme.call('GET', `${API}/environments/${acme.ids.otherEnv}/graph`, 'admin')).statusCode,
    ).toBe(404);
    expect((await acme.call('GET', `${API}/environments/${env}/graph`, 'anonymous')).statusCode).toBe(401);
  });
});
