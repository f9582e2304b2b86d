import { describe, expect, it } from 'vitest';
import { consolidationProblems, type ConsolidationSettings } from '../../../schemas/consolidation';
import { DEFAULT_EXTRACTOR_SETTINGS } from '../../../schemas/extractor-settings';
import { inEnglish, traceList, traceMessage } from '../../../schemas/trace-messages';
import { runPipeline } from '../engine';
import { CodedError, EMPTY_LANGUAGE_CONFIG, type PipelineConfig, type WorkflowEngine } from '../stage';
import { consolidationProblemTrace } from './stage';

const analyse = async (consolidation: ConsolidationSettings, post: WorkflowEngine['post']) => {
  const config: PipelineConfig = {
    extractor: structuredClone(DEFAULT_EXTRACTOR_SETTINGS),
    languages: ['fr'],
    ...structuredClone(EMPTY_LANGUAGE_CONFIG),
    consolidation,
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
const posted: WorkflowEngine['post'] = () => Promise.resolve({ statusCode: 204, durationMs: 1 });

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
