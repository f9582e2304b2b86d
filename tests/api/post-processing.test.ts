import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisResult } from '../../schemas/analysis-result';
import type { ModuleView } from '../../schemas/contracts/modules';
import type { PostProcessingRule } from '../../schemas/post-processing';
import { postAnalysisForm, waitForAnalysis } from './support/analyses';
import { startTestPlatform, type TestPlatform } from './support/platform';
import { API, buildTenants, environmentCalls, type Tenants } from './support/tenants';

/**
 * The post-processing module (docs/decisions/nlu-post-processing.md; spec pipeline §2 menu, §3
 * trace "post-processing"): rules that adjust categories, taints and extracted data after the
 * categorization and the OCR data extraction, before the LLM steps — saved with their problems
 * refused, run in every analysis, their taints routing the modules after them, and never failing an
 * analysis for a broken reference.
 */
let t: TestPlatform;
let acme: Tenants;
let env: string;
const { url, call, ok } = environmentCalls(
  () => acme,
  () => env,
);
const rule = (
  name: string,
  action: PostProcessingRule['action'],
  target: string,
  when = '',
  value = '',
): PostProcessingRule => ({ name, when, action, target, value });
const setRules = (rules: PostProcessingRule[]) =>
  call('PATCH', 'modules/postProcessing', { postProcessing: { rules } });

const mail = async (subject: string, body: string): Promise<AnalysisResult> => {
  const created = await postAnalysisForm(t.app, url('analyses'), acme.auth.configurator, {
    type: 'mail',
    from: 'client@example.com',
    to: 'support@example.com',
    subject,
    body,
  });
  expect(created.statusCode, created.body).toBe(201);
  const read = await waitForAnalysis(async () => ok('GET', `analyses/${created.json().id}/result`));
  expect(read.analysis.status, read.analysis.error ?? '').toBe('processed');
  return read.result!;
};
const stepOf = (result: AnalysisResult, step: string) => result.trace.find((s) => s.step === step)!;

beforeAll(async () => {
  t = await startTestPlatform();
  acme = await buildTenants(t);
  env = (
    await acme.call('POST', `${API}/projects/${acme.ids.project}/environments`, 'configurator', {
      name: 'Post-processing',
      defaultCategory: 'Letter',
    })
  ).json().id;
  await ok('POST', 'categories', { name: 'Letter', kind: 'message', rules: [] });
  await ok('POST', 'categories', { name: 'Complaint', kind: 'message', rules: [] });
  await ok('POST', 'categories', { name: 'Scan', kind: 'attachment', rules: [] });
  await ok('POST', 'extraction-fields', { name: 'contract', source: 'regex', pattern: 'CT-(\\d{5})' });
  await ok('POST', 'modules', { type: 'postProcessing' });
});
afterAll(() => t.close());

describe('post-processing (spec pipeline §3 trace "post-processing")', () => {
  it('is added after the OCR data extraction’s slot, before the vision engine, and starts without rules', async () => {
    const { modules } = await ok('GET', 'modules');
    const active = (modules as ModuleView[]).filter((m) => m.active).map((m) => m.type);
    expect(active).toEqual([
      'extractor',
      'nlu',
      'categorization',
      'postProcessing',
      'extraction',
      'replyTemplate',
      'output',
    ]);
    expect((modules as ModuleView[]).find((m) => m.type === 'postProcessing')!.postProcessing).toEqual({
      rules: [],
    });
    const result = await mail('Hello', 'Nothing to see');
    expect(stepOf(result, 'postProcessing')).toMatchObject({
      status: 'skipped',
      summary: 'The post-processing has no rule yet',
    });
  });

  it('refuses rules it could not run, each problem on its field with its code', async () => {
    const refused = await setRules([
      rule('', 'addTaint', 'x'),
      rule('twice', 'addCategory', 'Quote'),
      rule('twice', 'addCategory', 'Scan'),
      rule('key', 'setData', '2nd', '', '{{ subject'),
      rule('smuggled', 'addTaint', 'y', '1 %}x{% endif %}{% if 1'),
      rule('empty', 'removeTaint', ' '),
    ]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details.map((d: { path: string; keyword: string }) => [d.path, d.keyword])).toEqual(
      [
        ['postProcessing.rules.0.name', 'nameRequired'],
        ['postProcessing.rules.1.target', 'unknownCategory'],
        ['postProcessing.rules.2.name', 'duplicateName'],
        // An attachment category is not one a message can be given.
        ['postProcessing.rules.2.target', 'unknownCategory'],
        ['postProcessing.rules.3.target', 'badKey'],
        ['postProcessing.rules.3.value', 'badValue'],
        ['postProcessing.rules.4.when', 'badCondition'],
        ['postProcessing.rules.5.target', 'targetRequired'],
      ],
    );
    // Each with what the console needs to say it in its words.
    expect(refused.json().details[6]).toMatchObject({
      keyword: 'badCondition',
      message:
        "The condition of the rule 'smuggled' cannot be read: a condition is one expression, without tags or text around it",
      params: { name: 'smuggled', reason: { code: 'postProcessingConditionNotExpression' } },
    });
    // A template's syntax error by code with its line, the engine's words as its detail.
    expect(refused.json().details[5]).toMatchObject({
      keyword: 'badValue',
      params: {
        name: 'key',
        reason: { code: 'templateSyntax', params: { line: 1, detail: expect.any(String) } },
      },
    });
    const { modules } = await ok('GET', 'modules');
    expect((modules as ModuleView[]).find((m) => m.type === 'postProcessing')!.postProcessing).toEqual({
      rules: [],
    });
    // Only the post-processing has rules.
    const elsewhere = await call('PATCH', 'modules/extraction', { postProcessing: { rules: [] } });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().details).toEqual([
      {
        path: 'postProcessing',
        message: 'Only the post-processing has rules',
        code: 'moduleOnlyPostProcessing',
      },
    ]);
  });

  it('changes categories, taints and data in order; its taint routes a later module; the result and trace say what each rule did', async () => {
    const saved = await setRules([
      rule('complaint', 'addCategory', 'Complaint', "'refund' in text|lower"),
      rule('escalate', 'addTaint', 'escalate', "'Complaint' in categories and data.contract"),
      rule('reference', 'setData', 'reference', "'escalate' in taints", 'REF-{{ data.contract }}'),
      rule('never', 'removeCategory', 'Letter', "subject == 'nope'"),
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(
      (await ok('PATCH', 'modules/replyTemplate', { taint: 'escalate', taintMode: 'without' })).modules,
    ).toBeDefined();

    const complaint = await mail('Problem', 'I want a REFUND for contract CT-12345');
    expect(complaint.categories).toEqual([
      expect.objectContaining({ name: 'Complaint', rule: "Post-processing rule 'complaint'" }),
    ]);
    expect(complaint.taints).toEqual(['escalate']);
    // The extraction step, later, keeps what a rule wrote beside its own fields.
    expect(complaint.extractedData.map((d) => [d.name, d.value])).toEqual([
      ['contract', '12345'],
      ['reference', 'REF-12345'],
    ]);
    expect(complaint.postProcessing!.map((o) => [o.rule, o.outcome])).toEqual([
      ['complaint', 'applied'],
      ['escalate', 'applied'],
      ['reference', 'applied'],
      ['never', 'notApplied'],
    ]);
    expect(stepOf(complaint, 'postProcessing')).toMatchObject({
      status: 'done',
      summary: '3 of 4 rules applied (complaint, escalate, reference)',
    });
    expect(stepOf(complaint, 'replyTemplate')).toMatchObject({
      status: 'skipped',
      summary:
        "The reply generator module runs only for analyses without the taint 'escalate'; this analysis has it",
    });

    const letter = await mail('Hello', 'Just a letter about CT-54321');
    expect(letter.categories.map((c) => c.name)).toEqual(['Letter']);
    expect(letter.taints ?? []).toEqual([]);
    expect(stepOf(letter, 'postProcessing').summary).toBe('0 of 4 rules applied');
  });

  it('fails one rule, never the analysis, when its category was deleted or its template fails at run time', async () => {
    const urgent = await ok('POST', 'categories', { name: 'Urgent', kind: 'message', rules: [] });
    expect(
      (
        await setRules([
          rule('urgent', 'addCategory', 'Urgent'),
          rule('heavy', 'addTaint', 'x', '(1..1000000)|length > 0'),
          rule('after', 'addTaint', 'seen'),
        ])
      ).statusCode,
    ).toBe(200);
    expect((await call('DELETE', `categories/${urgent.id}`)).statusCode).toBeLessThan(300);

    const result = await mail('Hello', 'Anything');
    expect(result.postProcessing!.map((o) => [o.rule, o.outcome, o.error ?? ''])).toEqual([
      ['urgent', 'failed', "The message category 'Urgent' does not exist any more"],
      ['heavy', 'failed', "Template 'condition', line 1: The range is too long"],
      ['after', 'applied', ''],
    ]);
    expect(result.taints).toEqual(['seen']);
    expect(stepOf(result, 'postProcessing')).toMatchObject({
      status: 'done',
      summary: '1 of 3 rules applied (after); 2 failed',
      warnings: [
        "The post-processing rule 'urgent' changed nothing: The message category 'Urgent' does not exist any more",
        "The post-processing rule 'heavy' changed nothing: Template 'condition', line 1: The range is too long",
      ],
    });
    // The console says them by code: the outcome's errorCode, a template's error by which template
    // failed and its line, the engine's own words only as a technical detail.
    expect(stepOf(result, 'postProcessing').messages!.warnings).toEqual([
      { code: 'postProcessingRuleCategoryGone', params: { rule: 'urgent', category: 'Urgent' } },
      {
        code: 'postProcessingRuleConditionFailed',
        params: { rule: 'heavy', line: 1, detail: 'The range is too long' },
      },
    ]);
    expect(result.postProcessing![1]).toMatchObject({
      errorCode: 'templateFailed',
      templateError: { template: 'condition', line: 1, detail: 'The range is too long' },
    });
  });

  it('is for configurators: a qualifier can neither read nor change the rules', async () => {
    const qualifier = environmentCalls(
      () => acme,
      () => env,
      'qualifier',
    );
    expect(
      (await qualifier.call('PATCH', 'modules/postProcessing', { postProcessing: { rules: [] } })).statusCode,
    ).toBe(403);
  });

  it('deactivated, forgets its rules', async () => {
    await ok('DELETE', 'modules/postProcessing');
    await ok('POST', 'modules', { type: 'postProcessing' });
    const { modules } = await ok('GET', 'modules');
    expect((modules as ModuleView[]).find((m) => m.type === 'postProcessing')!.postProcessing).toEqual({
      rules: [],
    });
  });
});
