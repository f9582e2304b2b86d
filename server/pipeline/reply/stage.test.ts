import { describe, expect, it } from 'vitest';
import { DEFAULT_EXTRACTOR_SETTINGS } from '../../../schemas/extractor-settings';
import { runPipeline } from '../engine';
import { EMPTY_LANGUAGE_CONFIG, type PipelineConfig, type PipelineServices } from '../stage';

const config: PipelineConfig = {
  extractor: structuredClone(DEFAULT_EXTRACTOR_SETTINGS),
  languages: ['fr'],
  ...structuredClone(EMPTY_LANGUAGE_CONFIG),
  reply: { templates: [{ name: 'draft', body: 'Answer politely.', isDefault: true, llm: true }] },
};

describe('the reply step (an LLM answer it cannot use, by code)', () => {
  it('fails on an LLM answer without a message: the API’s English as before, the reason by code', async () => {
    const services: PipelineServices = {
      ocr: { recognize: () => Promise.reject(new Error('no OCR in this test')) },
      speech: null,
      llm: {
        model: 'small',
        complete: () => Promise.reject(new Error('not used')),
        chat: () =>
          Promise.resolve({ content: null, refusal: null, finishReason: 'stop', model: 'small', tokens: 5 }),
      },
    };
    const result = await runPipeline(
      'a',
      { kind: 'text', name: 'note', text: 'Bonjour', metadata: {} },
      config,
      services,
      new AbortController().signal,
    );
    expect(result.llmTokens).toBe(5);
    expect(result.trace.find((t) => t.step === 'replyTemplate')).toMatchObject({
      status: 'error',
      errors: ['The LLM endpoint answered without a message (expected choices[0].message.content)'],
      messages: { errors: [{ code: 'llmNoMessage' }] },
    });
  });
});
