import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from './support/platform';
import { API, buildTenants, environmentCalls, type Tenants } from './support/tenants';

/**
 * Referential integrity of the NLU configuration (docs/decisions/resources-refuse-not-cascade.md):
 * nothing a user does through the console or an import leaves a configuration that makes analyses
 * fail later. A used archetype, function, context or category cannot be deleted; an import naming
 * one it does not hold is refused with the reference named; ids in imports are matched as ids only,
 * never in names.
 */
let t: TestPlatform;
let acme: Tenants;
let env: string;
const { call, ok } = environmentCalls(
  () => acme,
  () => env,
);
const configuration = () => `${API}/environments/${env}/configuration`;

beforeAll(async () => {
  t = await startTestPlatform();
  acme = await buildTenants(t);
  env = (
    await acme.call('POST', `${API}/projects/${acme.ids.project}/environments`, 'configurator', {
      name: 'Integrity',
    })
  ).json().id;
  await ok('POST', 'archetypes', { name: 'cancel', expressions: [{ type: 'term', value: 'annuler' }] });
  await ok('POST', 'archetypes', { name: 'contract', expressions: [{ type: 'term', value: 'contrat' }] });
  await ok('POST', 'archetypes', {
    name: 'cancel contract',
    subArchetypes: ['cancel'],
    expressions: [{ type: 'term', value: 'résilier' }],
  });
  await ok('POST', 'contexts', { name: 'customer care', languages: ['fr'] });
  await ok('POST', 'interactions', {
    name: 'cancellation',
    contexts: ['customer care'],
    parameters: [
      { position: 1, name: 'action', archetype: 'cancel' },
      { position: 2, name: 'object', archetype: 'contract' },
    ],
  });
  await ok('POST', 'extraction-fields', { name: 'contract', source: 'archetype', archetype: 'contract' });
});
afterAll(() => t.close());

const idOf = async (path: string, name: string) =>
  ((await ok('GET', path)) as { id: string; name: string }[]).find((d) => d.name === name)!.id;

describe('deleting what others use', () => {
  it('refuses to delete a used archetype, naming what uses it, and deletes it once nothing does', async () => {
    const cancel = await idOf('archetypes', 'cancel');
    const refused = await call('DELETE', `archetypes/${cancel}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'CONFIGURATION_IN_USE',
      message: "'cancel' is used by cancel contract, cancellation: change or delete them first",
      params: { name: 'cancel', users: 'cancel contract, cancellation', count: 2 },
      users: [
        { resource: 'archetype', name: 'cancel contract' },
        { resource: 'interaction', name: 'cancellation' },
      ],
    });
    expect((await ok('GET', 'archetypes')).map((a: { name: string }) => a.name)).toContain('cancel');

    const contract = await call('DELETE', `archetypes/${await idOf('archetypes', 'contract')}`);
    // Extraction fields, then interactions: by kind, then name.
    expect(contract.json().params.users).toBe('contract, cancellation');

    // An archetype nothing names goes.
    expect(
      (await call('DELETE', `archetypes/${await idOf('archetypes', 'cancel contract')}`)).statusCode,
    ).toBe(204);
  });

  it('refuses to delete a context an interaction reads, and a category another’s rule tests', async () => {
    const context = await call('DELETE', `contexts/${await idOf('contexts', 'customer care')}`);
    expect(context.statusCode).toBe(409);
    expect(context.json().params).toMatchObject({ name: 'customer care', users: 'cancellation' });

    await ok('POST', 'categories', { name: 'Claims', kind: 'message', rules: [] });
    await ok('POST', 'categories', {
      name: 'Follow-up',
      kind: 'message',
      rules: [{ name: 'after a claim', priority: 1, criteria: { type: 'category', name: 'Claims' } }],
    });
    const claims = await call('DELETE', `categories/${await idOf('categories', 'Claims')}`);
    expect(claims.statusCode).toBe(409);
    expect(claims.json().params).toMatchObject({ name: 'Claims', users: 'Follow-up' });
  });
});

describe('importing a configuration', () => {
  const document = (entities: Record<string, unknown[]>) => ({
    format: 'environment-configuration',
    version: 1,
    settings: {},
    entities,
  });

  it('refuses one that names an archetype, a context or a function it does not hold, each named, and changes nothing', async () => {
    const before = await acme.call('GET', configuration(), 'configurator');
    const refused = await acme.call(
      'PUT',
      configuration(),
      'configurator',
      document({
        archetypes: [{ id: randomUUID(), name: 'cancel', subArchetypes: ['ghost'], expressions: [] }],
        interactions: [
          {
            id: randomUUID(),
            name: 'cancellation',
            contexts: ['nowhere'],
            functions: ['missing function'],
            parameters: [
              { position: 1, name: 'action', archetype: 'cancel' },
              { position: 2, name: 'when', archetype: 'date' },
              { position: 3, name: 'object', archetype: 'contract' },
            ],
          },
        ],
      }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('INVALID_CONFIGURATION');
    expect(refused.json().details).toEqual(
      expect.arrayContaining([
        {
          path: 'entities.archetypes.0.subArchetypes.0',
          message: "names the archetype 'ghost', which this configuration does not hold",
          code: 'configArchetypeMissing',
          params: { name: 'ghost' },
        },
        {
          path: 'entities.interactions.0.parameters.2.archetype',
          message: "names the archetype 'contract', which this configuration does not hold",
          code: 'configArchetypeMissing',
          params: { name: 'contract' },
        },
        {
          path: 'entities.interactions.0.contexts.0',
          message: "names the context 'nowhere', which this configuration does not hold",
          code: 'configContextMissing',
          params: { name: 'nowhere' },
        },
        {
          path: 'entities.interactions.0.functions.0',
          message:
            "names the interaction function 'missing function', which this configuration does not hold",
          code: 'configFunctionMissing',
          params: { name: 'missing function' },
        },
      ]),
    );
    // 'cancel' is in it, and 'date' is a built-in archetype: neither is named.
    expect(JSON.stringify(refused.json().details)).not.toMatch(/'cancel'|'date'/);
    expect((await acme.call('GET', configuration(), 'configurator')).json()).toEqual(before.json());
  });

  it("refuses a name twice in one kind by code, the kind's own rule said inside", async () => {
    const refused = await acme.call(
      'PUT',
      configuration(),
      'configurator',
      document({
        contexts: [
          { id: randomUUID(), name: 'billing' },
          { id: randomUUID(), name: 'Billing' },
        ],
      }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toContainEqual({
      path: 'entities.contexts.1.name',
      message: 'A context of this name already exists (entity 0 has the same)',
      code: 'configSameAs',
      params: { rule: { code: 'uniqueContext' }, entity: 0 },
    });
  });

  it('keeps an archetype named like an id of the document as written', async () => {
    const contextId = randomUUID();
    const imported = await acme.call(
      'PUT',
      configuration(),
      'configurator',
      document({
        contexts: [{ id: contextId, name: 'care', languages: ['fr'] }],
        archetypes: [
          { id: randomUUID(), name: contextId, expressions: [{ type: 'term', value: 'annuler' }] },
        ],
        interactions: [
          {
            id: randomUUID(),
            name: 'cancellation',
            contexts: ['care'],
            parameters: [{ position: 1, name: 'action', archetype: contextId }],
          },
        ],
      }),
    );
    expect(imported.statusCode, imported.body).toBe(200);
    const exported = (await acme.call('GET', configuration(), 'configurator')).json();
    expect(exported.entities.archetypes.map((a: { name: string }) => a.name)).toEqual([contextId]);
    expect(exported.entities.interactions[0].parameters[0].archetype).toBe(contextId);
    // The context has a new id; the name that looked like its old one did not follow it.
    expect(exported.entities.contexts[0].id).not.toBe(contextId);
  });
});
