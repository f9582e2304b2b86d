import { describe, expect, it } from 'vitest';
import { consolidationProblems, type ConsolidationSettings } from '../../../schemas/consolidation';
import { DEFAULT_EXTRACTOR_SETTINGS } from '../../../schemas/extractor-settings';
import { inEnglish, traceList, traceMessage } from '../../../schemas/trace-messages';
import { runPipeline } from '../engine';
import { CodedError, EMPTY_LANGUAGE_CONFIG, type PipelineConfig, type WorkflowEngine } from '../stage';
import { consolidationProblemTrace } from './stage';

const analyse = async (
  consolidation: ConsolidationSettings,
  post: WorkflowEngine['post'],
  more: Partial<PipelineConfig> = {},
) => {
  const config: PipelineConfig = {
    extractor: structuredClone(DEFAULT_EXTRACTOR_SETTINGS),
    languages: ['fr'],
    ...structuredClone(EMPTY_LANGUAGE_CONFIG),
    consolidation,
    ...more,
  };
  const result = await runPipeline(
    'a',
    { kind: 'text', name: 'note', text: 'Bonjour', metadata: {} },
    config,
    {
      ocr: { recognize: () => Promise.reject(new Error('no OCR in this test')) },
      speech: null,
      workflow: { publicUrl: 'http://console.test', post },
    },
    new AbortController().signal,
  );
  return { result, step: result.trace.find((t) => t.step === 'consolidation')! };
};
const posted: WorkflowEngine['post'] = () => Promise.resolve({ statusCode: 204, durationMs: 1, answer: '' });

describe('the consolidation step (what it says, by code)', () => {
  it('says by code why it is not set up, in the settings’ own words in English', async () => {
    const { result, step } = await analyse({ workflowId: '' }, posted);
    expect(result.status).toBe('processed');
    const reason = traceMessage('consolidationNotSetUp', {
      problem: traceList([traceMessage('consolidationWorkflowIdRequired')]),
    });
    expect(step).toMatchObject({
      status: 'skipped',
      summary: 'The consolidation is not set up: Give the id of the workflow to post to',
      warnings: ['The consolidation is not set up: Give the id of the workflow to post to'],
      messages: { summary: reason, warnings: [reason] },
    });
    const bad = await analyse({ workflowId: 'a/b' }, posted);
    expect(bad.step.messages?.summary).toEqual(
      traceMessage('consolidationNotSetUp', {
        problem: traceList([traceMessage('consolidationWorkflowIdInvalid', { workflowId: 'a/b' })]),
      }),
    );
  });

  it('says each settings problem by a code whose English is the problem’s message', () => {
    const problems = [{ workflowId: '' }, { workflowId: '-x' }].flatMap(consolidationProblems);
    expect(problems.map((p) => p.code)).toEqual(['workflowIdRequired', 'badWorkflowId']);
    for (const problem of problems)
      expect(inEnglish(consolidationProblemTrace(problem))).toBe(problem.message);
  });

  it('fails with the workflow’s refusal by code when the workflow does not take the analysis', async () => {
    const refusal = traceMessage('workflowNotTaken', {
      workflow: 'crm',
      reason: traceList([traceMessage('workflowHttpStatus', { status: 500 })]),
    });
    const { result, step } = await analyse({ workflowId: 'crm' }, () =>
      Promise.reject(new CodedError(refusal)),
    );
    expect(result.status).toBe('error');
    expect(step).toMatchObject({
      status: 'error',
      summary: 'This step failed',
      errors: ["The workflow 'crm' did not take the analysis: The receiver answered HTTP 500"],
      messages: { errors: [refusal] },
    });
  });
});

// docs/webhooks.md, "Consolidation workflows": the labels of the workflow's answer, and the
// consolidation criterion of category rules that reads them when the module runs first.
describe('the consolidation’s labels', () => {
  const answering =
    (answer: string): WorkflowEngine['post'] =>
    () =>
      Promise.resolve({ statusCode: 200, durationMs: 1, answer });
  const categorisation = {
    ...structuredClone(EMPTY_LANGUAGE_CONFIG.categorisation),
    defaultCategory: 'Other',
    categories: [
      {
        name: 'VIP request',
        kind: 'message' as const,
        rules: [
          {
            name: 'vip',
            priority: 1,
            enabled: true,
            taint: null,
            criteria: { type: 'consolidation' as const, name: 'vip customer' },
          },
        ],
      },
    ],
  };
  const firstConsolidation = {
    categorisation,
    modules: [
      { type: 'extractor' as const },
      { type: 'nlu' as const },
      { type: 'consolidation' as const },
      { type: 'categorization' as const },
      { type: 'output' as const },
    ],
  };

  it('keeps the labels the workflow answered, says them, and what it left out', async () => {
    const { result, step } = await analyse(
      { workflowId: 'crm' },
      answering(
        JSON.stringify({ labels: ['VIP customer', ' churn ', 'VIP customer', 3, '', 'x'.repeat(101)] }),
      ),
    );
    expect(result.consolidation?.labels).toEqual(['VIP customer', 'churn']);
    expect(step.summary).toBe(
      "Posted to the workflow 'crm' (HTTP 200), which answered the labels 'VIP customer', 'churn'",
    );
    expect(step.warnings).toEqual([
      'The workflow answered 3 labels that were left out: a label is a text of at most 100 characters, 50 at most',
    ]);
    const plain = await analyse({ workflowId: 'crm' }, answering('OK'));
    expect(plain.result.consolidation?.labels).toEqual([]);
    expect(plain.step).toMatchObject({ summary: "Posted to the workflow 'crm' (HTTP 200)", warnings: [] });
  });

  it('decides a category on a label the workflow answered, before the categorisation', async () => {
    const vip = await analyse(
      { workflowId: 'crm' },
      answering('{"labels":["VIP Customer"]}'),
      firstConsolidation,
    );
    expect(vip.result.categories.map((c) => [c.name, c.rule])).toEqual([['VIP request', 'vip']]);
    expect(vip.result.categories[0].explanation?.criteria).toMatchObject({
      description: "the consolidation answered the label 'vip customer'",
      held: true,
    });
    const other = await analyse({ workflowId: 'crm' }, answering('{"labels":["churn"]}'), firstConsolidation);
    expect(other.result.categories.map((c) => c.name)).toEqual(['Other']);
  });
});
