import { describe, expect, it } from 'vitest';
import { traceEn } from '../src/i18n/trace/en';
import { traceFr } from '../src/i18n/trace/fr';
import {
  inEnglish,
  sayTrace,
  TRACE_MESSAGES_EN,
  traceList,
  traceMessage,
  type TraceCode,
  type TraceReader,
} from './trace-messages';

const paramsOf = (template: string) => [...template.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]).sort();
const forms = (template: string) => template.split(' |||| ').length;

describe('trace messages (every code the server can emit has its fr and en words)', () => {
  const codes = Object.keys(TRACE_MESSAGES_EN) as TraceCode[];

  it.each(codes)('%s is said in both languages with the same parameters', (code) => {
    for (const catalogue of [traceFr, traceEn]) {
      expect(catalogue[code], code).toBeTruthy();
      expect(forms(catalogue[code]), code).toBe(forms(TRACE_MESSAGES_EN[code]));
      expect(new Set(paramsOf(catalogue[code])), code).toEqual(new Set(paramsOf(TRACE_MESSAGES_EN[code])));
    }
  });

  it('gives the API the English sentences it always gave', () => {
    expect(inEnglish(traceMessage('notConfigured'))).toBe(
      'No module of this step is configured in this environment',
    );
    expect(inEnglish(traceMessage('moduleInactive', { module: { module: 'categorization' } }))).toBe(
      'The categorization module is not active in this environment',
    );
    expect(inEnglish(traceMessage('earlierStepFailed', { step: { step: 'nlu' } }))).toBe(
      'An earlier step (nlu) failed',
    );
    expect(inEnglish(traceMessage('sourceText', { smart_count: 1 }))).toBe('Text of 1 character');
    expect(inEnglish(traceMessage('sourceText', { smart_count: 12 }))).toBe('Text of 12 characters');
    expect(
      inEnglish(
        traceMessage('nluRead', {
          language: 'fr',
          servers: traceList(
            [
              traceMessage('nluServerRead', { server: 'A', smart_count: 1 }),
              traceMessage('nluServerRead', { server: 'B', smart_count: 3 }),
            ],
            '; ',
          ),
        }),
      ),
    ).toBe('Language fr; A: 1 interaction; B: 3 interactions');
    expect(inEnglish(traceMessage('sourceFile', { filename: 'a.eml', size: { bytes: 4506 } }))).toBe(
      'File a.eml (4.4 KB)',
    );
    // An endpoint named by a nested code (the vision engine and the LLM/speech endpoints)
    const speech = traceList([traceMessage('endpointSpeech')]);
    expect(inEnglish(traceMessage('endpointTimeout', { endpoint: speech, seconds: 0.3 }))).toBe(
      'The speech endpoint did not answer within 0.3 s',
    );
    expect(
      inEnglish(
        traceMessage('endpointHttpStatus', {
          endpoint: traceList([traceMessage('endpointLlm')]),
          status: 503,
        }),
      ),
    ).toBe('The LLM endpoint answered HTTP 503');
    // The workflow's refusal, the delivery's reason nested (consolidation and workflow)
    expect(
      inEnglish(
        traceMessage('workflowNotTaken', {
          workflow: 'crm',
          reason: traceList([traceMessage('workflowTimeout', { seconds: 1 })]),
        }),
      ),
    ).toBe("The workflow 'crm' did not take the analysis: The receiver did not answer within 1 s");
  });

  it('says a count in its plural form, also in results stored with the parameter under its old name', () => {
    const said = traceList([traceMessage('visionSaidCategory', { category: 'claim' })]);
    const fr: TraceReader = {
      template: (code) => traceFr[code],
      plural: (count) => (count < 2 ? 0 : 1),
      size: String,
      step: String,
      module: String,
    };
    const read = (params: Record<string, unknown>) =>
      traceMessage('visionRead', { model: 'm', said, ...params } as Parameters<typeof traceMessage>[1]);
    expect(inEnglish(read({ smart_count: 1 }))).toBe('The model m read 1 image: category claim');
    expect(inEnglish(read({ smart_count: 3 }))).toBe('The model m read 3 images: category claim');
    expect(sayTrace(read({ smart_count: 1 }), fr)).toBe('Le modèle m a lu 1 image\u202f: catégorie claim');
    expect(sayTrace(read({ smart_count: 3 }), fr)).toBe('Le modèle m a lu 3 images\u202f: catégorie claim');
    // A trace stored before counted its images as `images`.
    expect(inEnglish(read({ images: 2 }))).toBe('The model m read 2 images: category claim');
    expect(sayTrace(read({ images: 1 }), fr)).toBe('Le modèle m a lu 1 image\u202f: catégorie claim');
    expect(
      inEnglish(traceMessage('visionReadWithText', { model: 'm', images: 1, said: traceList([]) })),
    ).toBe('The model m read 1 image and the text: ');
  });
});
