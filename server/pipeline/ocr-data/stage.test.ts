import { describe, expect, it } from 'vitest';
import { DEFAULT_EXTRACTOR_SETTINGS } from '../../../schemas/extractor-settings';
import { runPipeline } from '../engine';
import { EMPTY_LANGUAGE_CONFIG, type PipelineConfig, type PipelineServices } from '../stage';

const services: PipelineServices = {
  ocr: { recognize: () => Promise.reject(new Error('no OCR in this test')) },
  speech: null,
};

describe('the OCR data step (its refusals by code)', () => {
  it('fails on a pattern refused at run time, in English and by code', async () => {
    // The settings' check refuses such a pattern first: here it reached the step all the same.
    const config: PipelineConfig = {
      extractor: structuredClone(DEFAULT_EXTRACTOR_SETTINGS),
      languages: ['fr'],
      ...structuredClone(EMPTY_LANGUAGE_CONFIG),
      ocrData: {
        category: '',
        documents: [],
        fields: [{ key: 'total', anchors: ['Total'], type: 'text', pattern: '(a+)+$' }],
      },
    };
    const result = await runPipeline(
      'a',
      { kind: 'text', name: 'note', text: 'Total : 42', metadata: {} },
      config,
      services,
      new AbortController().signal,
    );
    const step = result.trace.find((t) => t.step === 'ocrDataExtraction')!;
    expect(step.status).toBe('error');
    // The API's English, as before.
    expect(step.errors).toHaveLength(1);
    expect(step.errors[0]).toMatch(
      /^The pattern of the field 'total' cannot be used: '\(a\+\)\+\$' is refused/,
    );
    expect(step.messages?.errors).toEqual([
      {
        code: 'ocrDataPatternRefused',
        params: { key: 'total', detail: expect.stringMatching(/^'\(a\+\)\+\$' is refused/) },
      },
    ]);
    expect(step.messages?.summary).toEqual(step.messages?.errors?.[0]);
  });
});
