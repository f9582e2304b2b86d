import { describe, expect, it } from 'vitest';
import { DEFAULT_EXTRACTOR_SETTINGS } from '../../schemas/extractor-settings';
import { runPipeline } from './engine';
import { corpusBytes } from './extractor/test-support/corpus';
import { definitions } from './nlu/test-support';
import { EMPTY_LANGUAGE_CONFIG, type PipelineConfig, type PipelineServices } from './stage';

const services: PipelineServices = {
  ocr: { recognize: () => Promise.reject(new Error('no OCR here')) },
  speech: null,
};

const config = (overrides: Partial<PipelineConfig> = {}): PipelineConfig => {
  const defs = definitions({
    archetypes: { money: ['euro', '@amount'], bank: ['bank'], free: ['kostenlos', 'gratis'] },
    interactions: [
      { name: 'free money', parameters: [{ archetype: 'money', name: 'sum' }, { archetype: 'free' }] },
      { name: 'bank', parameters: [{ archetype: 'bank' }] },
      { name: 'idle', enabled: false, parameters: [{ archetype: 'bank' }] },
    ],
  });
  return {
    extractor: structuredClone(DEFAULT_EXTRACTOR_SETTINGS),
    languages: ['auto'],
    ...structuredClone(EMPTY_LANGUAGE_CONFIG),
    nlu: { servers: [{ id: 's1', version: '1', state: 'started', definitions: defs }] },
    categorisation: {
      ...EMPTY_LANGUAGE_CONFIG.categorisation,
      interactions: ['free money', 'bank', 'idle'],
      disabledInteractions: ['idle'],
      categories: [
        {
          name: 'Spam',
          kind: 'message',
          rules: [
            {
              name: 'free money',
              priority: 1,
              enabled: true,
              criteria: { type: 'interaction', name: 'free money' },
            },
          ],
        },
        {
          name: 'Dormant',
          kind: 'message',
          rules: [
            {
              name: 'idle rule',
              priority: 0,
              enabled: true,
              criteria: { type: 'interaction', name: 'idle' },
            },
          ],
        },
      ],
    },
    extraction: {
      fields: [{ name: 'amount', source: 'builtin', archetype: 'amount', type: 'number', multiple: false }],
    },
    ...overrides,
  };
};

const analyse = (c: PipelineConfig) =>
  runPipeline(
    'a1',
    { kind: 'file', name: 'spam', filename: 'spam.eml', bytes: corpusBytes('email/spam.eml'), metadata: {} },
    c,
    services,
    new AbortController().signal,
  );

describe('NLU, categorisation and extraction in the pipeline', () => {
  it('categorises a corpus email and explains the category down to the words', async () => {
    const result = await analyse(config());
    expect(result.status).toBe('processed');
    expect(result.language).toBe('de');
    expect(result.categories.map((c) => c.name)).toEqual(['Spam']);
    const [index] = result.categories[0].explanation!.criteria.interactions!;
    const interaction = result.nlu.interactions[index];
    expect(interaction.name).toBe('free money');
    expect(interaction.source).toBe('subject');
    expect(interaction.text).toContain('KOSTENLOS');
    expect(result.extraction!.message!.subject!.slice(interaction.start, interaction.end)).toBe(
      interaction.text,
    );
    expect(result.extractedData[0]).toMatchObject({ name: 'amount', source: 'built-in archetype amount' });
  });

  it('traces each step with what it found, and the flagged rule', async () => {
    const result = await analyse(config());
    const step = (name: string) => result.trace.find((t) => t.step === name)!;
    expect(step('nlu')).toMatchObject({
      status: 'done',
      summary: expect.stringMatching(/^Language de; server: \d+ interactions?/),
    });
    expect(step('categorization').summary).toBe('Categories: Spam');
    expect(step('categorization').warnings).toEqual([
      "Rule 'idle rule' of category 'Dormant' is flagged and never matches: it refers to the disabled interaction 'idle'",
    ]);
    expect(step('extraction').status).toBe('done');
  });

  it('says the AI was starting up when the server was stopped', async () => {
    const c = config();
    c.nlu.servers[0].state = 'stopped';
    const result = await analyse(c);
    expect(result.trace.find((t) => t.step === 'nlu')!.warnings).toContain(
      "The AI was starting up: server 'server' started for this analysis",
    );
    expect(result.nlu.servers[0].startedForThisAnalysis).toBe(true);
  });

  it('fails the NLU step with the configuration’s problems, not a stack', async () => {
    const c = config();
    c.nlu.servers[0] = {
      ...c.nlu.servers[0],
      version: 'broken',
      definitions: {
        ...c.nlu.servers[0].definitions,
        archetypes: [{ name: 'x', expressions: [], subArchetypes: ['ghost'] }],
      },
    };
    const result = await analyse(c);
    const nlu = result.trace.find((t) => t.step === 'nlu')!;
    expect(result.status).toBe('error');
    expect(nlu.errors[0]).toContain("Archetype 'x': the sub-archetype 'ghost' does not exist");
  });

  it('skips the language steps of an environment that has none configured', async () => {
    const result = await analyse(config({ ...structuredClone(EMPTY_LANGUAGE_CONFIG) }));
    expect(
      result.trace
        .filter((t) => ['nlu', 'categorization', 'extraction'].includes(t.step))
        .map((t) => t.summary),
    ).toEqual([
      'No NLU server is configured in this environment',
      'No category is configured in this environment',
      'No information extraction field is configured in this environment',
    ]);
  });
});

describe('categorisation compatibility in the trace', () => {
  it('warns when the server is not on v5 with the V5 response format', async () => {
    const c = config();
    c.nlu.servers[0].definitions = {
      ...c.nlu.servers[0].definitions,
      server: { ...c.nlu.servers[0].definitions.server, aiVersion: 'v4', responseFormat: 'V4' },
    };
    c.nlu.servers[0].version = 'v4';
    const result = await analyse(c);
    expect(result.trace.find((t) => t.step === 'categorization')!.warnings.slice(0, 2)).toEqual([
      "Server 'server' runs AI version v4: categorization needs AI version v5 minimum",
      "Server 'server' answers in response format V4: categorization needs response format V5",
    ]);
  });
});
