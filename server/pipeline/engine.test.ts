import { describe, expect, it } from 'vitest';
import { DEFAULT_EXTRACTOR_SETTINGS } from '../../schemas/extractor-settings';
import { TRACE_STEPS } from '../../schemas/analysis-result';
import { runPipeline } from './engine';
import type { PipelineConfig, PipelineInput, PipelineServices, Stage } from './stage';
import { CodedError, EMPTY_LANGUAGE_CONFIG, StopPipeline } from './stage';
import { corpusBytes } from './extractor/test-support/corpus';
import { traceList, traceMessage } from '../../schemas/trace-messages';

const config = (): PipelineConfig => ({
  extractor: structuredClone(DEFAULT_EXTRACTOR_SETTINGS),
  languages: ['fr'],
  ...structuredClone(EMPTY_LANGUAGE_CONFIG),
});
const services: PipelineServices = {
  ocr: { recognize: () => Promise.reject(new Error('no OCR in this test')) },
  speech: null,
};
const text = (t: string): PipelineInput => ({ kind: 'text', name: 'n', text: t, metadata: {} });
const file = (filename: string, bytes: Uint8Array): PipelineInput => ({
  kind: 'file',
  name: filename,
  filename,
  bytes,
  metadata: {},
});
const live = () => new AbortController().signal;

describe('the pipeline engine', () => {
  it('reads an email from the corpus: the same function the worker runs', async () => {
    const result = await runPipeline(
      'a',
      file('mail.eml', corpusBytes('email/fake-email-attachment.eml')),
      config(),
      services,
      live(),
    );
    expect(result.status).toBe('processed');
    expect(result.extraction!.message!.subject).toBe('Fake email with attachment');
    expect(result.extraction!.attachments).toEqual([
      expect.objectContaining({
        filename: 'fake-attachment.txt',
        warnings: [expect.stringMatching(/not supported/)],
      }),
    ]);
    expect(result.trace.find((e) => e.step === 'extractor')!.summary).toMatch(/Email read.*1 attachment/);
  });

  it('skips a disabled extractor and says why', async () => {
    const c = config();
    c.extractor.enabled = false;
    const result = await runPipeline('a', text('x'), c, services, live());
    expect(result.trace[1]).toMatchObject({
      step: 'extractor',
      status: 'skipped',
      summary: 'The extractor module is disabled',
    });
    expect(result.extraction).toBeNull();
  });

  it('stops at a failing step: its error is the parser’s message, the next steps say which one failed', async () => {
    const result = await runPipeline('a', file('scan.xyz', new Uint8Array([1])), config(), services, live());
    expect(result.status).toBe('error');
    const extractor = result.trace[1];
    expect(extractor.status).toBe('error');
    expect(extractor.errors).toEqual([expect.stringMatching(/^Files ending in \.xyz are not read/)]);
    expect(result.trace.slice(2).map((e) => e.summary)).toEqual(
      TRACE_STEPS.slice(2).map(() => 'An earlier step (extractor) failed'),
    );
  });

  it('runs stages in the spec’s order, timing each, and a StopPipeline ends it with its message', async () => {
    const seen: string[] = [];
    const stage = (step: Stage['step'], run: Stage['run']): Stage => ({ step, skipReason: () => null, run });
    const stages = {
      nlu: stage('nlu', async () => {
        seen.push('nlu');
        await new Promise((r) => setTimeout(r, 20));
        return { summary: 'understood', warnings: ['w'] };
      }),
      source: stage('source', async () => (seen.push('source'), { summary: 'in' })),
      categorization: stage('categorization', async () => {
        throw new StopPipeline('No category can be decided');
      }),
    };
    const result = await runPipeline('a', text('x'), config(), services, live(), stages);
    expect(seen).toEqual(['source', 'nlu']);
    expect(result.trace[2]).toMatchObject({
      step: 'nlu',
      status: 'done',
      summary: 'understood',
      warnings: ['w'],
    });
    expect(result.trace[2].durationMs).toBeGreaterThanOrEqual(15);
    expect(result.trace[3]).toMatchObject({ status: 'error', summary: 'No category can be decided' });
  });

  it('says every step error by code: a parser’s, a stop’s, and an unexpected one with its words as a detail', async () => {
    const parsed = await runPipeline('a', file('scan.xyz', new Uint8Array([1])), config(), services, live());
    expect(parsed.trace[1].messages?.errors).toEqual([
      expect.objectContaining({ code: 'parseUnsupportedExtension' }),
    ]);
    const stage = (step: Stage['step'], run: Stage['run']): Stage => ({ step, skipReason: () => null, run });
    const stopped = await runPipeline('a', text('x'), config(), services, live(), {
      categorization: stage('categorization', async () => {
        throw new StopPipeline(traceMessage('advancedCategorisationFailed', { line: 2, detail: 'x' }));
      }),
    });
    const categorization = stopped.trace.find((t) => t.step === 'categorization')!;
    expect(categorization.errors).toEqual(['The advanced categorisation failed at line 2: x']);
    expect(categorization.messages?.errors).toEqual([
      { code: 'advancedCategorisationFailed', params: { line: 2, detail: 'x' } },
    ]);
    // Any error that carries a trace message is stored by code (a CodedError: an endpoint's failure).
    const timeout = traceMessage('endpointTimeout', {
      endpoint: traceList([traceMessage('endpointLlm')]),
      seconds: 60,
    });
    const coded = await runPipeline('a', text('x'), config(), services, live(), {
      replyTemplate: stage('replyTemplate', async () => {
        throw new CodedError(timeout);
      }),
    });
    expect(coded.trace.find((t) => t.step === 'replyTemplate')).toMatchObject({
      status: 'error',
      summary: 'This step failed',
      errors: ['The LLM endpoint did not answer within 60 s'],
      messages: { summary: { code: 'stepFailed' }, errors: [timeout] },
    });
    const crashed = await runPipeline('a', text('x'), config(), services, live(), {
      nlu: stage('nlu', async () => {
        throw new TypeError("Cannot read properties of undefined (reading 'x')");
      }),
    });
    const nlu = crashed.trace.find((t) => t.step === 'nlu')!;
    // The API keeps the error's own words; the console says the code, those words only as a detail.
    expect(nlu).toMatchObject({
      status: 'error',
      summary: 'This step failed',
      errors: ["Cannot read properties of undefined (reading 'x')"],
      messages: {
        summary: { code: 'stepFailed' },
        errors: [
          {
            code: 'stepFailedDetail',
            params: { step: { step: 'nlu' }, detail: "Cannot read properties of undefined (reading 'x')" },
          },
        ],
      },
    });
  });

  it('marks the running step aborted when the signal fires', async () => {
    const controller = new AbortController();
    const stages = {
      source: {
        step: 'source' as const,
        skipReason: () => null,
        run: async () => {
          controller.abort(new Error('aborted by a user'));
          throw new Error('interrupted');
        },
      },
    };
    const result = await runPipeline('a', text('x'), config(), services, controller.signal, stages);
    expect(result.status).toBe('aborted');
    expect(result.trace[0].status).toBe('aborted');
    expect(result.trace[1].summary).toBe('The analysis was aborted');
  });
});
