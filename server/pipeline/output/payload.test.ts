import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { webhookPayloadSchema } from '../../../schemas/webhook-payload';
import { DEFAULT_EXTRACTOR_SETTINGS } from '../../../schemas/extractor-settings';
import { moduleOrderProblems, DEFAULT_MODULES } from '../../../schemas/modules';
import {
  DEFAULT_OUTPUT,
  outputSettingsOf,
  outputWarnings,
  type OutputSettings,
} from '../../../schemas/output';
import { inEnglish } from '../../../schemas/trace-messages';
import { emptyResult, runPipeline, STAGES } from '../engine';
import { corpusBytes } from '../extractor/test-support/corpus';
import {
  EMPTY_LANGUAGE_CONFIG,
  type PipelineConfig,
  type PipelineInput,
  type PipelineServices,
  type Stage,
} from '../stage';
import { DEFAULT_VISION } from '../../../schemas/vision';
import { buildPayload, MAX_ATTACHMENT_DATA_BYTES } from './payload';

const services: PipelineServices = {
  ocr: { recognize: () => Promise.reject(new Error('no OCR in this test')) },
  speech: null,
};
const config = (output = DEFAULT_OUTPUT): PipelineConfig => ({
  extractor: structuredClone(DEFAULT_EXTRACTOR_SETTINGS),
  languages: ['fr'],
  ...structuredClone(EMPTY_LANGUAGE_CONFIG),
  output,
});
const eml: PipelineInput = {
  kind: 'file',
  name: 'mail',
  filename: 'mail.eml',
  bytes: corpusBytes('email/fake-email-attachment.eml'),
  metadata: {},
};
const withData = { ...DEFAULT_OUTPUT, attachmentsData: true };

describe('the output payload', () => {
  it('carries each attachment as base64 of its own bytes, read by the extractor', async () => {
    const result = await runPipeline('a', eml, config(withData), services, new AbortController().signal);
    const [attachment] = result.output!.attachments!;
    expect(attachment).toMatchObject({ fileName: 'fake-attachment.txt', mime: 'text/plain' });
    expect(Buffer.from(attachment.data!, 'base64').length).toBe(attachment.size);
  });

  it('reads the files again rather than take an extraction from the cache, which has no files', async () => {
    const c = config(withData);
    c.extractor.useCache = true;
    const asked: string[] = [];
    const cache = {
      get: async (key: string) => {
        asked.push(key);
        return undefined;
      },
      set: async () => undefined,
    };
    const result = await runPipeline(
      'a',
      eml,
      c,
      { ...services, extractionCache: cache },
      new AbortController().signal,
    );
    expect(asked).toEqual([]);
    expect(result.output!.attachments![0].data).toEqual(expect.any(String));
  });

  it('leaves out the data past its bound, and says which file', () => {
    const result = emptyResult('a');
    const attachment = (index: number, size: number) => ({
      index,
      filename: `f${index}.bin`,
      mime: 'application/octet-stream',
      size,
      inline: false,
      parent: null,
      pages: [],
      metadata: {},
      warnings: [],
      error: null,
    });
    const big = MAX_ATTACHMENT_DATA_BYTES - 10;
    result.extraction = {
      kind: 'email',
      message: null,
      pages: [],
      metadata: {},
      attachments: [attachment(0, big), attachment(1, 20), attachment(2, 5), attachment(3, 1)],
      blocks: [],
    };
    const files = [new Uint8Array(big), new Uint8Array(20), new Uint8Array(5)];
    const { payload, warnings } = buildPayload(eml, result, withData, files);
    expect(payload.attachments!.map((a) => a.data === null)).toEqual([false, true, false, true]);
    expect(warnings).toEqual([
      { code: 'payloadAttachmentsTooLarge', params: { filename: 'f1.bin', megabytes: 10 } },
      { code: 'payloadFileNotKept', params: { filename: 'f3.bin' } },
    ]);
    // The API's English, unchanged.
    expect(warnings.map(inEnglish)).toEqual([
      "f1.bin: left without its data, the payload's attachments would pass 10 MB",
      'f3.bin: its file was not kept, so its data is not in the payload',
    ]);
  });

  it('says a file it could not carry in the output step’s trace, in English and by code', async () => {
    // An extraction whose attachment's file the extractor did not keep.
    const extractor: Stage = {
      step: 'extractor',
      skipReason: () => null,
      run: async ({ result }) => {
        result.extraction = {
          kind: 'email',
          message: null,
          pages: [],
          metadata: {},
          attachments: [
            {
              index: 0,
              filename: 'scan.pdf',
              mime: 'application/pdf',
              size: 3,
              inline: false,
              parent: null,
              pages: [],
              metadata: {},
              warnings: [],
              error: null,
            },
          ],
          blocks: [],
        };
        return { summary: 'read' };
      },
    };
    const result = await runPipeline('a', eml, config(withData), services, new AbortController().signal, {
      ...STAGES,
      extractor,
    });
    const output = result.trace.find((t) => t.step === 'outputDelivery')!;
    expect(output.warnings).toContain('scan.pdf: its file was not kept, so its data is not in the payload');
    expect(output.messages?.warnings).toContainEqual({
      code: 'payloadFileNotKept',
      params: { filename: 'scan.pdf' },
    });
  });

  it('fills what stored choices lack with the defaults', () => {
    expect(outputSettingsOf(undefined)).toEqual(DEFAULT_OUTPUT);
    expect(outputSettingsOf({ nluOutput: true, categories: { skip: ['A', 3] } })).toEqual({
      ...DEFAULT_OUTPUT,
      nluOutput: true,
      categories: { enabled: true, skip: ['A'] },
    });
  });

  it('does not check the categories to skip against an advanced categorisation, which names its own', () => {
    const settings = { ...DEFAULT_OUTPUT, categories: { enabled: true, skip: ['Any'] } };
    expect(outputWarnings(settings, { categorizationActive: true, categoryNames: null })).toEqual([]);
    expect(outputWarnings(settings, { categorizationActive: true, categoryNames: ['Other'] })).toEqual([
      expect.objectContaining({ code: 'skipMismatch', names: ['Any'] }),
    ]);
  });

  it('keeps the output module last in the pipeline', () => {
    expect(moduleOrderProblems(DEFAULT_MODULES)).toEqual([]);
    const [extractor, nlu, ...rest] = DEFAULT_MODULES;
    expect(moduleOrderProblems([extractor, nlu, rest.at(-1)!, ...rest.slice(0, -1)])).toEqual([
      { path: 'modules.2', message: 'The output module must be the last one', code: 'moduleOutputLast' },
    ]);
  });
});

describe('the payload against its published JSON Schema (schemas/webhook-payload.ts)', () => {
  const ajv = new Ajv({ allErrors: true, allowUnionTypes: true, strict: false });
  addFormats(ajv);
  const valid = ajv.compile(webhookPayloadSchema);
  const none: OutputSettings = {
    htmlBodies: false,
    attachmentsData: false,
    emailHeaders: false,
    categories: { enabled: false, skip: [] },
    extractedData: false,
    metadata: false,
    nluOutput: false,
    replyProposal: false,
    visionOutput: false,
  };
  const flags: [string, Partial<OutputSettings>, string][] = [
    ['no flag', {}, 'analysisId'],
    ['htmlBodies', { htmlBodies: true }, 'htmlBody'],
    ['attachmentsData', { attachmentsData: true }, 'attachments'],
    ['emailHeaders', { emailHeaders: true }, 'email'],
    ['categories', { categories: { enabled: true, skip: [] } }, 'categories'],
    ['extractedData', { extractedData: true }, 'extractedData'],
    ['metadata', { metadata: true }, 'metadata'],
    ['nluOutput', { nluOutput: true }, 'nlu'],
    ['replyProposal', { replyProposal: true }, 'reply'],
    ['visionOutput', { visionOutput: true }, 'vision'],
  ];
  const input = { ...eml, metadata: { customer: 'C-42', channel: 'mail' } };

  it.each(flags)('validates with %s, which adds its part', async (_flag, on, part) => {
    const result = await runPipeline(
      '7b0c3c1e-5d2a-4f3e-9a55-2f1d4c6b8e90',
      input,
      // A vision engine switched off: in the pipeline, so its part is sent, as null.
      { ...config({ ...none, ...on }), vision: { ...DEFAULT_VISION, active: false } },
      services,
      new AbortController().signal,
    );
    expect(valid(result.output), JSON.stringify(valid.errors)).toBe(true);
    expect(result.output).toHaveProperty(part);
  });

  it('validates with every flag on, and refuses a key it does not declare', async () => {
    const all: OutputSettings = {
      ...none,
      htmlBodies: true,
      attachmentsData: true,
      emailHeaders: true,
      categories: { enabled: true, skip: [] },
      extractedData: true,
      metadata: true,
      nluOutput: true,
      replyProposal: true,
      visionOutput: true,
    };
    // A strict classification by a stand-in for the third-party LLM, so that `vision` is filled.
    const llm: PipelineServices['llm'] = {
      model: 'test-vision',
      complete: () => Promise.reject(new Error('not asked')),
      chat: async () => ({
        content: '{"category":"claim"}',
        refusal: null,
        finishReason: 'stop',
        model: 'test-vision',
        tokens: 0,
      }),
    };
    const result = await runPipeline(
      '7b0c3c1e-5d2a-4f3e-9a55-2f1d4c6b8e90',
      input,
      {
        ...config(all),
        vision: {
          ...DEFAULT_VISION,
          type: 'strict_classification',
          categories: [{ key: 'claim', description: '' }],
        },
      },
      { ...services, llm },
      new AbortController().signal,
    );
    expect(result.output!.vision).toMatchObject({ type: 'strict_classification', category: 'claim' });
    expect(valid(result.output), JSON.stringify(valid.errors)).toBe(true);
    expect(valid({ ...result.output, invented: 1 })).toBe(false);
    // An analysis in error, as a webhook of type `finished` receives it.
    expect(
      valid({ analysisId: result.id, name: 'mail', status: 'error', error: 'The file is damaged' }),
    ).toBe(true);
  });
});
