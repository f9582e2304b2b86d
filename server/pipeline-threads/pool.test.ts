import { afterEach, describe, expect, it } from 'vitest';
import {
  CodedError,
  EMPTY_LANGUAGE_CONFIG,
  type PipelineConfig,
  type PipelineInput,
} from '../pipeline/stage';
import { DEFAULT_EXTRACTOR_SETTINGS } from '../../schemas/extractor-settings';
import { traceList, traceMessage } from '../../schemas/trace-messages';
import { loadRuleset, workloadConfig } from '../../bench/nlu-workload';
import { createPipelinePool, type PipelinePool } from './pool';

const services = {
  ocr: {
    recognize: () => Promise.reject(new Error('no OCR here')),
  },
  speech: null,
};
const config: PipelineConfig = {
  ...EMPTY_LANGUAGE_CONFIG,
  extractor: DEFAULT_EXTRACTOR_SETTINGS,
  languages: ['fr'],
};
const text = (t: string): PipelineInput => ({ kind: 'text', name: 'note', text: t, metadata: {} });
const LIMIT = { ms: 60_000, message: 'Too long' };

let pool: PipelinePool | undefined;
afterEach(async () => {
  await pool?.stop();
  pool = undefined;
});

describe('the pipeline threads', () => {
  it('run an analysis and answer its result as JSON bytes, or as objects', async () => {
    pool = createPipelinePool(services, { threads: 1 });
    const bytes = await pool.run({ id: 'a1', input: text('Bonjour'), config, timeLimit: LIMIT }, 'bytes');
    expect([bytes.status, bytes.error]).toEqual(['processed', null]);
    const parsed = JSON.parse(new TextDecoder().decode(bytes.bytes));
    expect(parsed.extraction.pages[0].text).toBe('Bonjour');
    const { result } = await pool.run({ id: 'a2', input: text('Hello'), config, timeLimit: LIMIT }, 'object');
    expect(result.extraction!.pages[0].text).toBe('Hello');
    expect(pool.threads).toBe(1);
  });

  it(
    'end a thread that does not act on the time limit, failing that job with its message',
    { timeout: 60_000 },
    async () => {
      // A long text, all of it read (past ANALYSIS_MAX_CHARACTERS' default) by the benchmark's 200
      // archetypes, keeps the NLU busy without a pause well past 50 ms and the 3 s grace.
      pool = createPipelinePool(services, { threads: 1, maxCharacters: 40_000_000 });
      const { nlu, categorisation } = workloadConfig(loadRuleset());
      const busy = pool.run(
        {
          id: 'busy',
          input: text('mot '.repeat(8 * 1_048_576)),
          config: { ...config, nlu, categorisation },
          timeLimit: { ms: 50, message: 'Past 50 ms' },
        },
        'bytes',
      );
      const next = pool.run({ id: 'next', input: text('Bonjour'), config, timeLimit: LIMIT }, 'bytes');
      const [b, n] = await Promise.all([busy, next]);
      expect([b.status, b.error]).toEqual(['error', 'Past 50 ms']);
      expect(n.status).toBe('processed');
    },
  );

  it('keep the code of a service’s failure said by code on the main thread (an endpoint’s)', async () => {
    const timeout = traceMessage('endpointTimeout', {
      endpoint: traceList([traceMessage('endpointLlm')]),
      seconds: 60,
    });
    const llm = {
      model: 'small',
      complete: () => Promise.reject(new CodedError(timeout)),
      chat: () => Promise.reject(new CodedError(timeout)),
    };
    pool = createPipelinePool({ ...services, llm }, { threads: 1 });
    const withLlmTemplate: PipelineConfig = {
      ...config,
      reply: { templates: [{ name: 'draft', body: 'Answer politely.', isDefault: true, llm: true }] },
    };
    const { result } = await pool.run(
      { id: 'llm', input: text('Bonjour'), config: withLlmTemplate, timeLimit: LIMIT },
      'object',
    );
    const reply = result.trace.find((t) => t.step === 'replyTemplate')!;
    expect(reply).toMatchObject({
      status: 'error',
      errors: ['The LLM endpoint did not answer within 60 s'],
      messages: { errors: [timeout] },
    });
  });

  it('abort a job when its signal is aborted', async () => {
    pool = createPipelinePool(services, { threads: 1 });
    const controller = new AbortController();
    controller.abort(new Error('The analysis was aborted'));
    const { result } = await pool.run(
      { id: 'gone', input: text('Bonjour'), config, signal: controller.signal, timeLimit: LIMIT },
      'object',
    );
    expect(result.status).toBe('aborted');
  });
});
