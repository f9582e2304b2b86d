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

/** Spec platform-shell §3–4: the settings of an environment (env-management/settings). */
describe('environment settings', () => {
  it('start from their defaults and keep what a configurator saves', async () => {
    const created = await acme.call('POST', envs, 'configurator', { name: 'Settings' });
    expect(created.statusCode).toBe(201);
    const env = created.json();
    expect(env).toMatchObject({
      aiVersion: 'v4',
      visibility: 'public',
      priorityProcessing: false,
      debugMode: false,
      productionMode: false,
      languages: ['fr'],
      retention: 'Always',
      multiInteraction: false,
      multiCategory: false,
      attachmentCategoriesPerPage: false,
      ocrImages: true,
      ocrMaxPages: 10,
      splitCharacters: 4000,
    });
    const changes = {
      priorityProcessing: true,
      productionMode: true,
      languages: ['fr', 'gb', 'auto'],
      retention: 'OneWeek',
      visibility: 'hidden',
      multiCategory: true,
      ocrMaxPages: 3,
      splitCharacters: 2000,
    };
    const saved = await acme.call('PUT', `${envs}/${env.id}`, 'configurator', { ...env, ...changes });
    expect(saved.statusCode).toBe(200);
    expect((await acme.call('GET', `${envs}/${env.id}`, 'configurator')).json()).toMatchObject(changes);
  });

  it('never have AI debug mode and production mode on together: refused on the field, nothing changed', async () => {
    const env = (await acme.call('POST', envs, 'admin', { name: 'Exclusive', debugMode: true })).json();
    const both = await acme.call('PUT', `${envs}/${env.id}`, 'admin', { ...env, productionMode: true });
    expect(both.statusCode).toBe(400);
    expect(both.json().details).toEqual([
      {
        path: 'productionMode',
        message: 'AI debug mode and production mode cannot be active at the same time',
        keyword: 'exclusive',
        code: 'modesExclusive',
      },
    ]);
    expect((await acme.call('GET', `${envs}/${env.id}`, 'admin')).json()).toMatchObject({
      debugMode: true,
      productionMode: false,
    });
    const atCreation = await acme.call('POST', envs, 'admin', {
      name: 'Both',
      debugMode: true,
      productionMode: true,
    });
    expect(atCreation.statusCode).toBe(400);
  });

  it('refuse unknown retentions and languages, and writers below configurator', async () => {
    const env = (await acme.call('POST', envs, 'admin', { name: 'Strict' })).json();
    const retention = await acme.call('PUT', `${envs}/${env.id}`, 'admin', { ...env, retention: 'OneMonth' });
    expect(retention.statusCode).toBe(400);
    expect(retention.json().details[0].path).toBe('retention');
    const language = await acme.call('PUT', `${envs}/${env.id}`, 'admin', { ...env, languages: ['en'] });
    expect(language.json().details[0].path).toBe('languages.0');
    const none = await acme.call('PUT', `${envs}/${env.id}`, 'admin', { ...env, languages: [] });
    expect(none.json().details[0].path).toBe('languages');
    const qualifier = await acme.call('PUT', `${envs}/${env.id}`, 'qualifier', {
      ...env,
      retention: 'OneDay',
    });
    expect(qualifier.statusCode).toBe(403);
  });
});
