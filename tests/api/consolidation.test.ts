import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisResult } from '../../schemas/analysis-result';
import type { WorkflowRequest } from '../../schemas/consolidation';
import type { ModuleView } from '../../schemas/contracts/modules';
import { waitForAnalysis } from './support/analyses';
import { startTestPlatform, type TestPlatform } from './support/platform';
import { API, buildTenants, type Tenants, environmentCalls } from './support/tenants';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver';

/**
 * The consolidation module (spec pipeline §3 "Consolidation module: name, workflowId,
 * module order"; docs/decisions/delivery-consolidation-workflow.md): each analysis posted to the
 * environment's workflow on the deployment's workflow engine (a local HTTP receiver standing for
 * n8n), which ends an analysis created with the manual final status through the public API's PATCH,
 * exchangeLabels included.
 */
const SECRET = 'workflow-secret-0123456789';
let t: TestPlatform;
let workflows: WebhookReceiver;
let acme: Tenants;
let env: string;
let key: string;
const { call, ok } = environmentCalls(
  () => acme,
  () => env,
);
const publicApi = (method: 'GET' | 'POST' | 'PATCH', path: string, payload?: object) =>
  t.app.inject({
    method,
    url: path,
    headers: { authorization: `Bearer ${key}` },
    ...(payload ? { payload } : {}),
  });

/**
 * Submits a text through the public API and reads it back once its pipeline has run: finished, or
 * processed and waiting for its final status (pending, with its result).
 */
const analyse = async (text: string, manualFinalStatus = false) => {
  const id = (await publicApi('POST', '/v4/api/analyses', { text, manualFinalStatus })).json().id as string;
  const read = async () => {
    const body = await ok('GET', `analyses/${id}/result`);
    // Waiting for its final status: shown as finished to the wait, with its stored status kept.
    return body.result
      ? { ...body, analysis: { ...body.analysis, status: 'processed', stored: body.analysis.status } }
      : body;
  };
  const { analysis, result } = await waitForAnalysis(read);
  const { stored, error, errorMessage } = analysis as typeof analysis & { stored: string };
  return { id, status: stored, error, errorMessage, result: result! };
};
const step = (result: AnalysisResult) => result.trace.find((s) => s.step === 'consolidation')!;

beforeAll(async () => {
  workflows = await startWebhookReceiver();
  const base = workflows.url.replace(/\/hook$/, '/webhook');
  t = await startTestPlatform({
    WORKFLOW_BASE_URL: base,
    WORKFLOW_SECRET: SECRET,
    WORKFLOW_TIMEOUT_MS: '1000',
  });
  acme = await buildTenants(t);
  env = (
    await acme.call('POST', `${API}/projects/${acme.ids.project}/environments`, 'configurator', {
      name: 'Consolidation',
      defaultCategory: 'General',
    })
  ).json().id;
  await ok('POST', 'categories', { name: 'General', kind: 'message', rules: [] });
  key = (await ok('POST', 'access-keys', { name: 'gateway' })).secret;
});
afterAll(async () => {
  await t.close();
  await workflows.close();
});

describe('the consolidation module', () => {
  it('is added before the output, names its workflow, and refuses an id that is not one', async () => {
    const before = await ok('GET', 'modules');
    expect(before.workflow).toEqual({ configured: true });
    expect(before.modules.find((m: ModuleView) => m.type === 'consolidation').active).toBe(false);
    const added = (await ok('POST', 'modules', { type: 'consolidation' })).modules as ModuleView[];
    expect(added.filter((m) => m.active).map((m) => m.type)).toEqual([
      'extractor',
      'nlu',
      'categorization',
      'extraction',
      'replyTemplate',
      'consolidation',
      'output',
    ]);
    // Added but not set up: analyses go on, the step says why it did not run.
    const { status, result } = await analyse('Not set up yet');
    expect(status).toBe('processed');
    expect(step(result)).toMatchObject({
      status: 'skipped',
      warnings: [expect.stringContaining('workflow')],
      // By code (docs/decisions/console-failures-by-code.md): the settings' problem inside.
      messages: {
        warnings: [
          {
            code: 'consolidationNotSetUp',
            params: { problem: { list: [{ code: 'consolidationWorkflowIdRequired' }] } },
          },
        ],
      },
    });

    for (const workflowId of ['../admin', 'a/b', 'x'.repeat(129)]) {
      const refused = await call('PATCH', 'modules/consolidation', { consolidation: { workflowId } });
      expect(refused.statusCode, workflowId).toBe(400);
    }
    const empty = await call('PATCH', 'modules/consolidation', { consolidation: { workflowId: '' } });
    expect(empty.json().details).toEqual([
      expect.objectContaining({ path: 'consolidation.workflowId', keyword: 'workflowIdRequired' }),
    ]);
    const saved = await ok('PATCH', 'modules/consolidation', {
      name: 'CRM case',
      consolidation: { workflowId: 'crm-case_2' },
    });
    expect(saved.modules.find((m: ModuleView) => m.type === 'consolidation')).toMatchObject({
      name: 'CRM case',
      consolidation: { workflowId: 'crm-case_2' },
    });
  });

  it('posts the analysis to its workflow, signed; with the manual final status the workflow ends it by PATCH', async () => {
    const seen = workflows.requests.length;
    const { id, status, result } = await analyse('Please close my account', true);
    expect(status).toBe('pending');
    await workflows.until(() => workflows.requests.length > seen);
    const request = workflows.requests[seen];
    expect(request.signed(SECRET)).toBe(true);
    const body = JSON.parse(request.body.toString()) as WorkflowRequest;
    expect(body).toMatchObject({
      analysisId: id,
      environmentId: env,
      workflowId: 'crm-case_2',
      categories: [{ name: 'General', rule: null, taint: null }],
      finalStatus: { method: 'PATCH', url: `http://console.test/v4/api/analyses/${id}` },
    });
    expect(step(result)).toMatchObject({
      status: 'done',
      summary: "Posted to the workflow 'crm-case_2' (HTTP 204); the analysis waits for its final status",
    });
    expect(result.consolidation).toMatchObject({
      workflowId: 'crm-case_2',
      statusCode: 204,
      waitsForFinalStatus: true,
    });

    // What the workflow then does, through the public API with the environment's access key.
    const patched = await publicApi('PATCH', new URL(body.finalStatus!.url).pathname, {
      exchangeLabels: ['Résiliation'],
    });
    expect(patched.json()).toMatchObject({ status: 'processed', exchangeLabels: ['Résiliation'] });
  });

  it('fails the analysis with what the workflow answered when it does not take it', async () => {
    workflows.setMode('error500');
    try {
      const { status, error, errorMessage, result } = await analyse('Broken workflow');
      expect(status).toBe('error');
      // By code too (docs/decisions/console-failures-by-code.md): the main thread's refusal crosses
      // to the pipeline thread with its code.
      const refused = {
        code: 'workflowNotTaken',
        params: {
          workflow: 'crm-case_2',
          reason: { list: [{ code: 'workflowHttpStatus', params: { status: 500 } }] },
        },
      };
      expect(step(result)).toMatchObject({
        status: 'error',
        errors: ["The workflow 'crm-case_2' did not take the analysis: The receiver answered HTTP 500"],
        messages: { errors: [refused] },
      });
      expect(error).toBe(
        "The workflow 'crm-case_2' did not take the analysis: The receiver answered HTTP 500",
      );
      expect(errorMessage).toEqual(refused);
      workflows.setMode('hang');
      const slow = await analyse('Slow workflow');
      expect(step(slow.result).errors).toEqual([
        "The workflow 'crm-case_2' did not take the analysis: The receiver did not answer within 1 s",
      ]);
      expect(step(slow.result).messages?.errors).toEqual([
        {
          code: 'workflowNotTaken',
          params: {
            workflow: 'crm-case_2',
            reason: { list: [{ code: 'workflowTimeout', params: { seconds: 1 } }] },
          },
        },
      ]);
    } finally {
      workflows.setMode('ok');
    }
  });

  // docs/webhooks.md, "Consolidation workflows": the labels the workflow answers, which category
  // rules test once the consolidation runs before the categorization.
  it('lets category rules test the labels the workflow answered, once it runs before the categorization', async () => {
    const vip = {
      name: 'VIP',
      kind: 'message',
      rules: [{ name: 'vip', priority: 1, criteria: { type: 'consolidation', name: 'VIP customer' } }],
    };
    const early = await call('POST', 'categories', vip);
    expect(early.statusCode, early.body).toBe(400);
    expect(early.json().details).toEqual([
      expect.objectContaining({
        path: 'rules.0.criteria',
        code: 'criterionConsolidationFirst',
        params: { rule: 'vip' },
      }),
    ]);

    const active = ((await ok('GET', 'modules')).modules as ModuleView[])
      .filter((m) => m.active)
      .map((m) => m.type);
    const without = active.filter((type) => type !== 'consolidation');
    const first: string[] = [...without];
    first.splice(without.indexOf('categorization'), 0, 'consolidation');
    await ok('PUT', 'modules/order', { types: first });
    const category = await ok('POST', 'categories', vip);

    workflows.setAnswer({ labels: ['vip customer', 'Loyal'] });
    try {
      const labelled = await analyse('Where is my order?');
      expect(labelled.result.consolidation?.labels).toEqual(['vip customer', 'Loyal']);
      expect(labelled.result.categories.map((c) => [c.name, c.rule])).toEqual([['VIP', 'vip']]);
      expect(step(labelled.result).summary).toBe(
        "Posted to the workflow 'crm-case_2' (HTTP 200), which answered the labels 'vip customer', 'Loyal'",
      );
      workflows.setAnswer({ labels: ['Loyal'] });
      expect((await analyse('Where is my order?')).result.categories.map((c) => c.name)).toEqual(['General']);
    } finally {
      workflows.setAnswer(null);
    }

    // Nothing leaves the rule unable to hold: the consolidation stays first and active.
    const back = await call('PUT', 'modules/order', { types: active });
    expect(back.statusCode, back.body).toBe(400);
    expect(back.json().details).toEqual([
      expect.objectContaining({
        code: 'moduleConsolidationNeeded',
        params: { categories: "'VIP'" },
      }),
    ]);
    expect((await call('DELETE', 'modules/consolidation')).statusCode).toBe(400);
    expect((await call('DELETE', `categories/${category.id}`)).statusCode).toBe(204);
    await ok('PUT', 'modules/order', { types: active });
  });

  it('forgets its workflow when deactivated', async () => {
    await ok('DELETE', 'modules/consolidation');
    await ok('POST', 'modules', { type: 'consolidation' });
    const { modules } = await ok('GET', 'modules');
    expect(modules.find((m: ModuleView) => m.type === 'consolidation').consolidation).toEqual({
      workflowId: '',
    });
  });
});

describe('a deployment without a workflow engine', () => {
  it('skips the consolidation with a warning, and the modules page says so', async () => {
    const bare = await startTestPlatform();
    try {
      const tenants = await buildTenants(bare);
      const envUrl = `${API}/environments/${tenants.ids.env}`;
      await tenants.call('POST', `${envUrl}/modules`, 'configurator', { type: 'consolidation' });
      const list = (await tenants.call('GET', `${envUrl}/modules`, 'configurator')).json();
      expect(list.workflow).toEqual({ configured: false });
      const created = (
        await tenants.call('POST', `${envUrl}/analyses`, 'configurator', { type: 'text', text: 'Hi' })
      ).json();
      const read = await waitForAnalysis(async () =>
        (await tenants.call('GET', `${envUrl}/analyses/${created.id}/result`, 'configurator')).json(),
      );
      expect(read.analysis.status).toBe('processed');
      expect(read.result!.trace.find((s) => s.step === 'consolidation')).toMatchObject({
        status: 'skipped',
        warnings: [
          'No workflow engine is configured on this deployment (WORKFLOW_BASE_URL): the consolidation did not run',
        ],
      });
    } finally {
      await bare.close();
    }
  });
});
