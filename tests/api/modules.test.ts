import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModuleView } from '../../schemas/contracts/modules';
import { postAnalysisForm, waitForAnalysis } from './support/analyses';
import { startTestPlatform, type TestPlatform } from './support/platform';
import { API, buildTenants, type Tenants, environmentCalls } from './support/tenants';

let t: TestPlatform;
let acme: Tenants;
let env: string;
const { url, call, ok } = environmentCalls(
  () => acme,
  () => env,
);
const envRecord = () => `${API}/projects/${acme.ids.project}/environments/${env}`;
/** A new environment's pipeline, written out: the order the engine needs, not the constant holding it. */
const EVERY_MODULE = ['extractor', 'nlu', 'categorization', 'extraction', 'replyTemplate', 'output'];
const active = (modules: ModuleView[]) => modules.filter((m) => m.active).map((m) => m.type);
const trace = async (text: string, subject?: string) => {
  const created = subject
    ? (
        await postAnalysisForm(t.app, url('analyses'), acme.auth.configurator, {
          type: 'mail',
          from: 'a@example.com',
          to: 'b@example.com',
          subject,
          body: text,
        })
      ).json()
    : await ok('POST', 'analyses', { type: 'text', text });
  const { result } = await waitForAnalysis(async () => ok('GET', `analyses/${created.id}/result`));
  return result!;
};
const stepOf = (result: Awaited<ReturnType<typeof trace>>, step: string) =>
  result.trace.find((s) => s.step === step)!;

beforeAll(async () => {
  t = await startTestPlatform();
  acme = await buildTenants(t);
  env = (
    await acme.call('POST', `${API}/projects/${acme.ids.project}/environments`, 'configurator', {
      name: 'Modules',
    })
  ).json().id;
  await ok('POST', 'categories', {
    name: 'Urgent',
    kind: 'message',
    rules: [
      { name: 'flagged urgent', priority: 1, criteria: { type: 'header', name: 'subject', value: 'urgent' } },
    ],
  });
  await ok('POST', 'categories', { name: 'Invoice', kind: 'attachment', rules: [] });
  await ok('POST', 'extraction-fields', { name: 'contract', source: 'regex', pattern: 'CT-(\\d{5})' });
});
afterAll(() => t.close());

describe('the modules of an environment', () => {
  it('lists every module of a new environment, in the order the engine runs them, with what each holds', async () => {
    const { modules } = await ok('GET', 'modules');
    expect(active(modules)).toEqual(EVERY_MODULE);
    expect(modules.find((m: ModuleView) => m.type === 'categorization').configuration).toEqual([
      { resource: 'category', count: 2 },
    ]);
  });

  it('keeps the extractor first, the NLU second and the output last, and lets the other modules change order', async () => {
    const refused = await call('PUT', 'modules/order', {
      types: ['nlu', 'extractor', 'categorization', 'extraction', 'replyTemplate', 'output'],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          path: 'modules.0',
          message: 'The NLU must come second, right after the extractor',
          code: 'moduleNluSecond',
        }),
        expect.objectContaining({
          path: 'modules.1',
          message: 'The extractor must be the first module',
          code: 'moduleExtractorFirst',
        }),
      ]),
    );
    const outputFirst = await call('PUT', 'modules/order', {
      types: ['extractor', 'nlu', 'categorization', 'extraction', 'output', 'replyTemplate'],
    });
    expect(outputFirst.json().details).toEqual([
      expect.objectContaining({
        path: 'modules.4',
        message: 'The output module must be the last one',
        code: 'moduleOutputLast',
      }),
    ]);
    const missing = await call('PUT', 'modules/order', { types: ['extractor', 'nlu'] });
    expect(missing.json().message).toBe('The order must list every active module once');
    expect(missing.json().details).toEqual([
      {
        path: 'types',
        message: 'The order must list every active module once',
        code: 'moduleOrderIncomplete',
      },
    ]);

    const { modules } = await ok('PUT', 'modules/order', {
      types: ['extractor', 'nlu', 'extraction', 'categorization', 'replyTemplate', 'output'],
    });
    expect(active(modules)).toEqual([
      'extractor',
      'nlu',
      'extraction',
      'categorization',
      'replyTemplate',
      'output',
    ]);
    // The engine runs them in that order, and the trace says so.
    const steps = (await trace('Contrat CT-12345')).trace.map((s) => s.step);
    expect(steps.indexOf('extraction')).toBeLessThan(steps.indexOf('categorization'));
    await ok('PUT', 'modules/order', {
      types: ['extractor', 'nlu', 'categorization', 'extraction', 'replyTemplate', 'output'],
    });
  });

  it('refuses an input type its rules cannot read, and skips analyses of another input type', async () => {
    const refused = await call('PATCH', 'modules/categorization', { inputType: 'text' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([
      {
        path: 'inputType',
        message:
          "Rule 'flagged urgent' of category 'Urgent' reads mail headers: a categorization reading pasted text never gets any",
        code: 'ruleReadsHeadersText',
        params: { rule: 'flagged urgent', category: 'Urgent' },
      },
      {
        path: 'inputType',
        message: "Category 'Invoice' is for attachments, which pasted text never has",
        code: 'attachmentCategoryForText',
        params: { category: 'Invoice' },
      },
    ]);
    const ghost = await call('PATCH', 'modules/categorization', { context: 'ghost' });
    expect(ghost.json().details).toEqual([
      {
        path: 'context',
        message: "The context 'ghost' does not exist",
        code: 'contextUnknown',
        params: { name: 'ghost' },
      },
    ]);

    const { modules } = await ok('PATCH', 'modules/categorization', { name: 'Tri', inputType: 'email' });
    expect(modules.find((m: ModuleView) => m.type === 'categorization')).toMatchObject({
      name: 'Tri',
      inputType: 'email',
    });
    const text = await trace('Bonjour');
    expect(stepOf(text, 'categorization')).toMatchObject({
      status: 'skipped',
      summary: 'The categorization module reads emails only; this analysis is pasted text',
    });
    const mail = await trace('Bonjour', 'URGENT: sinistre');
    expect(mail.categories.map((c) => c.name)).toEqual(['Urgent']);

    await ok('PATCH', 'modules/categorization', { inputType: 'all' });
  });

  it('checks a category against the module input type when it is saved', async () => {
    await ok('DELETE', 'modules/categorization');
    await ok('POST', 'modules', { type: 'categorization' });
    await ok('PATCH', 'modules/categorization', { inputType: 'document' });
    const res = await call('POST', 'categories', {
      name: 'Urgent',
      kind: 'message',
      rules: [
        { name: 'flagged', priority: 1, criteria: { type: 'header', name: 'subject', value: 'urgent' } },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      expect.objectContaining({
        path: 'rules.0.criteria',
        message:
          "Rule 'flagged' of category 'Urgent' reads mail headers: a categorization reading documents never gets any",
        code: 'ruleReadsHeadersDocument',
        params: { rule: 'flagged', category: 'Urgent' },
      }),
    ]);
  });

  it('deletes a module configuration when it is deactivated, and adds it back where it belongs', async () => {
    await ok('POST', 'categories', { name: 'Other', kind: 'message', rules: [] });
    const saved = await acme.call('PUT', envRecord(), 'configurator', {
      ...((await acme.call('GET', envRecord(), 'configurator')).json() as object),
      defaultCategory: 'Other',
    });
    expect(saved.json().defaultCategory).toBe('Other');
    const { deleted, modules } = await ok('DELETE', 'modules/categorization');
    expect(deleted).toEqual([{ resource: 'category', count: 1 }]);
    expect(active(modules)).toEqual(['extractor', 'nlu', 'extraction', 'replyTemplate', 'output']);
    expect((await ok('GET', 'categories')).length).toBe(0);
    const record = await acme.call('GET', envRecord(), 'configurator');
    expect(record.json().defaultCategory).toBe('');
    expect(stepOf(await trace('Bonjour'), 'categorization')).toMatchObject({
      status: 'skipped',
      summary: 'The categorization module is not active in this environment',
    });
    expect((await call('DELETE', 'modules/categorization')).statusCode).toBe(404);

    const again = await ok('POST', 'modules', { type: 'categorization' });
    expect(active(again.modules)).toEqual(EVERY_MODULE);
    expect((await call('POST', 'modules', { type: 'categorization' })).statusCode).toBe(409);
  });

  it('follows the extractor settings page: disabling it takes the extractor out, keeping its settings', async () => {
    const settings = await ok('GET', 'extractor-settings');
    await ok('PUT', 'extractor-settings', { ...settings, enabled: false });
    expect(active((await ok('GET', 'modules')).modules)[0]).toBe('nlu');
    expect((await ok('GET', 'extractor-settings')).enabled).toBe(false);
    await ok('PUT', 'extractor-settings', { ...settings, enabled: true });
    expect(active((await ok('GET', 'modules')).modules)[0]).toBe('extractor');
  });

  it('leaves the modules read-only in the environment record, and is for configurators only', async () => {
    const record = (await acme.call('GET', envRecord(), 'configurator')).json();
    const res = await acme.call('PUT', envRecord(), 'configurator', {
      ...record,
      modules: [{ type: 'nlu' }, { type: 'extractor' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      expect.objectContaining({ path: 'modules', message: 'is read-only' }),
    ]);
    for (const who of ['qualifier', 'cockpit', 'outsider'] as const)
      expect((await acme.call('GET', url('modules'), who)).statusCode).toBeGreaterThanOrEqual(403);
    const logs = await acme.call(
      'GET',
      `${API}/organisations/${acme.ids.org}/audit-logs?filter=${encodeURIComponent(JSON.stringify({ resource: 'modules' }))}`,
      'admin',
    );
    expect(logs.json().length).toBeGreaterThan(0);
  });
});

describe('taint routing (DESIGN.md §6, Categorisation)', () => {
  let taintEnv: string;
  const at = (path: string) => `${API}/environments/${taintEnv}/${path}`;
  const send = async (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: object) =>
    acme.call(method, at(path), 'configurator', body);
  const mail = async (subject: string) => {
    const created = await postAnalysisForm(t.app, at('analyses'), acme.auth.configurator, {
      type: 'mail',
      from: 'a@example.com',
      to: 'b@example.com',
      subject,
      body: 'Contrat CT-12345',
    });
    const read = async () => (await send('GET', `analyses/${created.json().id}/result`)).json();
    return (await waitForAnalysis(read)).result!;
  };

  beforeAll(async () => {
    taintEnv = (
      await acme.call('POST', `${API}/projects/${acme.ids.project}/environments`, 'configurator', {
        name: 'Taints',
      })
    ).json().id;
    const category = await send('POST', 'categories', {
      name: 'Confidential',
      kind: 'message',
      rules: [
        {
          name: 'marked secret',
          priority: 1,
          taint: 'sensitive',
          criteria: { type: 'header', name: 'subject', value: 'secret' },
        },
      ],
    });
    expect(category.statusCode, category.body).toBe(201);
    await send('POST', 'extraction-fields', { name: 'contract', source: 'regex', pattern: 'CT-(\\d{5})' });
  });

  it('runs a module only for analyses with its taint, or only without it, and the trace says why it skipped', async () => {
    const limited = await send('PATCH', 'modules/extraction', { taint: 'sensitive' });
    expect(limited.statusCode, limited.body).toBe(200);
    expect(limited.json().modules.find((m: ModuleView) => m.type === 'extraction')).toMatchObject({
      taint: 'sensitive',
      taintMode: 'with',
    });
    // A module without a settings page takes its taint on the modules page.
    const without = await send('PATCH', 'modules/replyTemplate', {
      taint: 'sensitive',
      taintMode: 'without',
    });
    expect(without.statusCode, without.body).toBe(200);

    const secret = await mail('Top secret');
    expect(secret.taints).toEqual(['sensitive']);
    expect(stepOf(secret, 'extraction').status).toBe('done');
    expect(secret.extractedData).toEqual([expect.objectContaining({ name: 'contract', value: '12345' })]);
    expect(stepOf(secret, 'replyTemplate')).toMatchObject({
      status: 'skipped',
      summary:
        "The reply generator module runs only for analyses without the taint 'sensitive'; this analysis has it",
    });

    const plain = await mail('Hello');
    expect(stepOf(plain, 'extraction')).toMatchObject({
      status: 'skipped',
      summary:
        "The information extraction module runs only for analyses with the taint 'sensitive'; this analysis has no taint",
    });
    expect(plain.extractedData).toEqual([]);
    expect(stepOf(plain, 'replyTemplate').summary).toBe(
      'No default reply template is configured in this environment',
    );
  });

  it('refuses a taint on a module that runs before the categorization sets them, by any route', async () => {
    const own = await send('PATCH', 'modules/categorization', { taint: 'sensitive' });
    expect(own.statusCode).toBe(400);
    expect(own.json().details).toEqual([
      {
        path: 'taint',
        keyword: 'taintBeforeCategorization',
        message:
          'Only a module that runs after the categorization can be limited by a taint: the categorization sets them',
        code: 'moduleTaintBeforeCategorization',
      },
    ]);
    await send('PATCH', 'modules/extraction', { taint: 'sensitive' });
    const moved = await send('PUT', 'modules/order', {
      types: ['extractor', 'nlu', 'extraction', 'categorization', 'replyTemplate', 'output'],
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().details).toEqual([
      expect.objectContaining({
        path: 'modules.2',
        message:
          "The information extraction module is limited by the taint 'sensitive': it must run after the categorization, which sets taints",
        code: 'moduleTaintTooEarly',
        params: { module: 'extraction', taint: 'sensitive' },
      }),
    ]);
    const noCategorisation = await send('DELETE', 'modules/categorization');
    expect(noCategorisation.statusCode).toBe(400);

    const cleared = await send('PATCH', 'modules/extraction', { taint: '' });
    const extraction = cleared.json().modules.find((m: ModuleView) => m.type === 'extraction');
    expect(extraction).toMatchObject({ taint: '', taintMode: 'with' });
    expect(
      (
        await send('PUT', 'modules/order', {
          types: ['extractor', 'nlu', 'extraction', 'categorization', 'replyTemplate', 'output'],
        })
      ).statusCode,
    ).toBe(200);
  });
});
