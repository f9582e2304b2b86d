import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postAnalysisForm, waitForAnalysis } from './support/analyses';
import { startLlmServer, type LlmServer } from './support/llm-server';
import { startTestPlatform, type TestPlatform } from './support/platform';
import { API, buildTenants, type Tenants, environmentCalls } from './support/tenants';

/**
 * An environment's own LLM endpoint (docs/decisions/delivery-environment-llm-endpoint.md),
 * on a deployment without one: checked like a webhook's URL, its key write-only, used by the vision
 * engine with its model and key, and removed to fall back on the deployment's.
 */
const KEY = 'sk-environment-0123456789';
let t: TestPlatform;
let llm: LlmServer;
let acme: Tenants;
let env: string;
const { url, call, ok } = environmentCalls(
  () => acme,
  () => env,
);
const visionStep = async () => {
  const created = await postAnalysisForm(t.app, url('analyses'), acme.auth.configurator, {
    type: 'text',
    text: 'Une facture de 120 euros',
  });
  const read = await waitForAnalysis(async () => ok('GET', `analyses/${created.json().id}/result`));
  return read.result!.trace.find((s) => s.step === 'visionEngine')!;
};

beforeAll(async () => {
  llm = await startLlmServer();
  // No deployment LLM; the local stand-in is reachable because OUTBOUND_ALLOW names loopback.
  t = await startTestPlatform({ OUTBOUND_ALLOW: '127.0.0.1' });
  acme = await buildTenants(t);
  env = (
    await acme.call('POST', `${API}/projects/${acme.ids.project}/environments`, 'configurator', {
      name: 'Own LLM',
    })
  ).json().id;
  await ok('POST', 'modules', { type: 'visionEngine' });
  await ok('PATCH', 'modules/visionEngine', {
    vision: { active: true, type: 'custom', prompt: 'Summarise.', categories: [], fields: [] },
  });
});
afterAll(async () => {
  await t.close();
  await llm.close();
});

describe("an environment's own LLM endpoint", () => {
  it('is refused for an address the platform must not reach, or that is not a web address', async () => {
    expect(await ok('GET', 'llm')).toEqual({
      override: null,
      deployment: { configured: false, model: null },
    });
    // Each by code (the console says it in the user's language), the English unchanged.
    for (const [baseUrl, keyword, coded] of [
      ['http://10.1.2.3/v1', 'internalAddress', { code: 'urlInternal', params: { host: '10.1.2.3' } }],
      [
        'http://169.254.169.254/latest',
        'internalAddress',
        {
          code: 'urlInternal',
          params: { host: '169.254.169.254' },
          message:
            '169.254.169.254 is an internal address: the platform does not send to it unless OUTBOUND_ALLOW names it',
        },
      ],
      [
        'ftp://llm.example.com/v1',
        'pattern',
        { code: 'urlNotHttp', message: 'The address must be an http:// or https:// URL' },
      ],
      ['http://user:secret@llm.example.com/v1', 'pattern', { code: 'urlNotHttp' }],
      ['not a url', 'pattern', {}],
    ] as const) {
      const refused = await call('PUT', 'llm', { baseUrl, model: 'm' });
      expect(refused.statusCode, baseUrl).toBe(400);
      expect(refused.json().details, baseUrl).toEqual([
        expect.objectContaining({ path: 'baseUrl', keyword, ...coded }),
      ]);
    }
    expect((await acme.call('GET', url('llm'), 'cockpit')).statusCode).toBe(403);
  });

  it('runs the vision engine with its model and key, which it never shows again', async () => {
    expect((await visionStep()).status).toBe('skipped');
    const saved = await call('PUT', 'llm', { baseUrl: `${llm.url}/`, model: 'env-vision', apiKey: KEY });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      override: { baseUrl: llm.url, model: 'env-vision', apiKeySet: true },
      deployment: { configured: false, model: null },
    });
    expect(saved.body).not.toContain(KEY);
    expect((await ok('GET', 'modules')).llm).toEqual({ configured: true, model: 'env-vision' });

    const step = await visionStep();
    expect(step.status, step.errors.join()).toBe('done');
    expect(llm.calls.at(-1)).toMatchObject({ model: 'env-vision', authorization: `Bearer ${KEY}` });

    // Saved again without a key: the key stays; with an empty one: it is removed.
    expect((await ok('PUT', 'llm', { baseUrl: llm.url, model: 'env-vision-2' })).override.apiKeySet).toBe(
      true,
    );
    expect(
      (await ok('PUT', 'llm', { baseUrl: llm.url, model: 'env-vision-2', apiKey: '' })).override.apiKeySet,
    ).toBe(false);
    await visionStep();
    expect(llm.calls.at(-1)).toMatchObject({ model: 'env-vision-2', authorization: undefined });

    const audit = await t.platform.db.query<{ changes: unknown }>(
      `SELECT changes FROM audit_logs WHERE resource = 'environment-llm'`,
    );
    expect(audit.length).toBe(3);
    expect(JSON.stringify(audit)).not.toContain(KEY);
  });

  it('falls back on the deployment’s endpoint once removed', async () => {
    expect(await ok('DELETE', 'llm')).toEqual({
      override: null,
      deployment: { configured: false, model: null },
    });
    const step = await visionStep();
    expect(step).toMatchObject({ status: 'skipped', summary: expect.stringContaining('LLM_BASE_URL') });
  });
});
