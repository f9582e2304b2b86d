import { describe, expect, it } from 'vitest';
import { DEFAULT_EXTRACTOR_SETTINGS } from '../../../schemas/extractor-settings';
import { inEnglish, traceList, traceMessage } from '../../../schemas/trace-messages';
import { DEFAULT_VISION, visionProblems, type VisionSettings } from '../../../schemas/vision';
import { runPipeline } from '../engine';
import {
  CodedError,
  EMPTY_LANGUAGE_CONFIG,
  type LlmEngine,
  type PipelineConfig,
  type PipelineServices,
} from '../stage';
import { visionProblemTrace } from './stage';

const configWith = (vision: VisionSettings): PipelineConfig => ({
  extractor: structuredClone(DEFAULT_EXTRACTOR_SETTINGS),
  languages: ['fr'],
  ...structuredClone(EMPTY_LANGUAGE_CONFIG),
  vision,
});
const CLASSES: VisionSettings = {
  ...DEFAULT_VISION,
  type: 'strict_classification',
  categories: [{ key: 'invoice', description: '' }],
};

/** An LLM whose chat answers `content`, or throws `error`. */
const llm = (answer: { content?: string; error?: Error }): LlmEngine => ({
  model: 'vision-test',
  complete: () => Promise.reject(new Error('not used')),
  chat: () =>
    answer.error
      ? Promise.reject(answer.error)
      : Promise.resolve({
          content: answer.content ?? null,
          refusal: null,
          finishReason: 'stop',
          model: 'vision-test',
          tokens: 0,
        }),
});

const analyse = async (vision: VisionSettings, model?: LlmEngine) => {
  const services: PipelineServices = {
    ocr: { recognize: () => Promise.reject(new Error('no OCR in this test')) },
    speech: null,
    llm: model ?? llm({ content: '{"category":"invoice"}' }),
  };
  const result = await runPipeline(
    'a',
    { kind: 'text', name: 'note', text: 'Facture 42', metadata: {} },
    configWith(vision),
    services,
    new AbortController().signal,
  );
  return { result, step: result.trace.find((t) => t.step === 'visionEngine')! };
};

describe('the vision engine step (what it says, by code)', () => {
  it('says by code why it is not set up, in the settings’ own words in English', async () => {
    const { result, step } = await analyse(DEFAULT_VISION);
    expect(result.status).toBe('processed');
    const reason = traceMessage('visionNotSetUp', {
      problem: traceList([traceMessage('visionPromptRequired')]),
    });
    expect(step).toMatchObject({
      status: 'skipped',
      summary: 'The vision engine is not set up: A custom vision engine needs a prompt',
      warnings: ['The vision engine is not set up: A custom vision engine needs a prompt'],
      messages: { summary: reason, warnings: [reason] },
    });
  });

  it('says each settings problem by a code whose English is the problem’s message', () => {
    const settings: VisionSettings[] = [
      DEFAULT_VISION,
      { ...DEFAULT_VISION, type: 'strict_classification' },
      { ...DEFAULT_VISION, type: 'strict_extraction' },
      {
        ...CLASSES,
        categories: [
          { key: 'total amount', description: '' },
          { key: 'invoice', description: '' },
          { key: 'invoice', description: '' },
        ],
      },
    ];
    const problems = settings.flatMap(visionProblems);
    expect(problems.map((p) => p.code)).toEqual([
      'promptRequired',
      'categoriesRequired',
      'fieldsRequired',
      'badKey',
      'duplicateKey',
    ]);
    for (const problem of problems) expect(inEnglish(visionProblemTrace(problem))).toBe(problem.message);
    expect(visionProblemTrace(problems[4])).toEqual({ code: 'visionKeyTwice', params: { key: 'invoice' } });
  });

  it('fails on an answer it cannot use: status error, the API’s English, the reason by code', async () => {
    const { result, step } = await analyse(CLASSES, llm({ content: '{"category":"refund"}' }));
    expect(result.status).toBe('error');
    const reason = {
      code: 'visionCategoryUndeclared',
      params: { category: 'refund', declared: 'invoice' },
    };
    expect(step).toMatchObject({
      status: 'error',
      summary: 'This step failed',
      errors: [
        'The model answered the category “refund”, which is not one of the declared categories: invoice',
      ],
      messages: { summary: { code: 'stepFailed' }, errors: [reason] },
    });
  });

  it('fails on an endpoint’s failure with its code, not as an unexpected error', async () => {
    const endpoint = traceList([traceMessage('endpointLlm')]);
    const timeout = new CodedError(traceMessage('endpointTimeout', { endpoint, seconds: 60 }));
    const { step } = await analyse(CLASSES, llm({ error: timeout }));
    expect(step).toMatchObject({
      status: 'error',
      errors: ['The LLM endpoint did not answer within 60 s'],
      messages: { errors: [{ code: 'endpointTimeout', params: { endpoint, seconds: 60 } }] },
    });
  });
});
