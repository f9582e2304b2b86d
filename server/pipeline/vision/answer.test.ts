import { describe, expect, it } from 'vitest';
import { inEnglish } from '../../../schemas/trace-messages';
import { DEFAULT_VISION, type VisionSettings } from '../../../schemas/vision';
import type { ChatAnswer } from '../stage';
import { readVisionAnswer, VisionAnswerError } from './answer';

const CLASSES: VisionSettings = {
  ...DEFAULT_VISION,
  type: 'strict_classification',
  categories: [
    { key: 'invoice', description: '' },
    { key: 'claim', description: '' },
  ],
};
const FIELDS: VisionSettings = {
  ...DEFAULT_VISION,
  type: 'strict_extraction',
  fields: [
    { key: 'title', description: '' },
    { key: 'total', description: '' },
    { key: 'date', description: '' },
  ],
};
const CUSTOM: VisionSettings = { ...DEFAULT_VISION, prompt: 'Describe.' };

const answer = (content: string | null, more: Partial<ChatAnswer> = {}): ChatAnswer => ({
  content,
  refusal: null,
  finishReason: 'stop',
  model: 'vision-test',
  tokens: 0,
  ...more,
});

/** The error reading `answer` with `settings` throws. */
const refusal = (settings: VisionSettings, chat: ChatAnswer): VisionAnswerError => {
  try {
    readVisionAnswer(settings, chat, 1);
  } catch (error) {
    expect(error).toBeInstanceOf(VisionAnswerError);
    return error as VisionAnswerError;
  }
  throw new Error('the answer was read');
};

describe('the vision engine’s reading of an answer (its reasons by code)', () => {
  it('fails on every answer it cannot use with a reason by code, its English the API’s as before', () => {
    const cases: [VisionSettings, ChatAnswer, object, string][] = [
      [
        CLASSES,
        answer(null, { refusal: 'I cannot help with that.' }),
        { code: 'visionAnswerRefused', params: { refusal: 'I cannot help with that.' } },
        'The model refused to answer: “I cannot help with that.”',
      ],
      [CLASSES, answer('  '), { code: 'visionAnswerEmpty' }, 'The model gave an empty answer'],
      [
        CLASSES,
        answer('{"category":"cla', { finishReason: 'length' }),
        { code: 'visionAnswerCutJson', params: { answer: '{"category":"cla' } },
        'The model\'s answer was cut at its length limit and is not complete JSON: “{"category":"cla”',
      ],
      [
        CLASSES,
        answer('[1, 2]'),
        { code: 'visionAnswerNotObject', params: { answer: '[1, 2]' } },
        "The model's answer is not a JSON object: “[1, 2]”",
      ],
      [
        CLASSES,
        answer('{"category":"claim","confidence":0.9}'),
        { code: 'visionUndeclaredProperties', params: { properties: 'confidence' } },
        'The model answered undeclared properties: confidence',
      ],
      [CLASSES, answer('{"category":3}'), { code: 'visionNoCategory' }, 'The model answered no category'],
      [
        CLASSES,
        answer('{"category":"refund"}'),
        { code: 'visionCategoryUndeclared', params: { category: 'refund', declared: 'invoice, claim' } },
        'The model answered the category “refund”, which is not one of the declared categories: invoice, claim',
      ],
      [
        FIELDS,
        answer('{"title":"T","total":null,"date":null,"iban":"FR76"}'),
        { code: 'visionUndeclaredFields', params: { fields: 'iban', declared: 'title, total, date' } },
        'The model answered undeclared fields: iban (declared: title, total, date)',
      ],
      [
        FIELDS,
        answer('{"title":["a"],"total":null,"date":null}'),
        { code: 'visionFieldList', params: { field: 'title' } },
        "The model answered the field 'title' with a list, not text",
      ],
      [
        FIELDS,
        answer('{"title":{"a":1},"total":null,"date":null}'),
        { code: 'visionFieldObject', params: { field: 'title' } },
        "The model answered the field 'title' with an object, not text",
      ],
    ];
    for (const [settings, chat, trace, english] of cases) {
      const error = refusal(settings, chat);
      expect(error.trace, english).toEqual(trace);
      expect(error.message).toBe(english);
      expect(inEnglish(error.trace)).toBe(english);
    }
  });

  it('keeps JSON.parse’s words as the detail only, and quotes 80 characters of the answer at most', () => {
    const long = `It is a claim. ${'x'.repeat(100)}`;
    const error = refusal(CLASSES, answer(long));
    expect(error.trace).toEqual({
      code: 'visionAnswerNotJson',
      params: { detail: expect.stringMatching(/JSON/), answer: `${long.slice(0, 80)}…` },
    });
    expect(error.message).toBe(
      `The model's answer is not valid JSON (${error.trace.params!.detail as string}): “${long.slice(0, 80)}…”`,
    );
  });

  it('warns by code of a custom answer cut short and of the fields the model did not answer', () => {
    const cut = readVisionAnswer(CUSTOM, answer('A logo and', { finishReason: 'length' }), 2);
    expect(cut.output.text).toBe('A logo and');
    expect(cut.warnings).toEqual([{ code: 'visionAnswerCut' }]);
    expect(cut.warnings.map(inEnglish)).toEqual(["The model's answer was cut at its length limit"]);

    const one = readVisionAnswer(FIELDS, answer('{"title":"Trivial","total":12.5}'), 1);
    expect(one.output.data).toEqual({ title: 'Trivial', total: '12.5', date: null });
    expect(one.warnings).toEqual([
      { code: 'visionFieldsUnanswered', params: { smart_count: 1, fields: 'date' } },
    ]);
    expect(one.warnings.map(inEnglish)).toEqual(['The model did not answer the field date: it is empty']);

    const two = readVisionAnswer(FIELDS, answer('{"title":"Trivial"}'), 1);
    expect(two.warnings.map(inEnglish)).toEqual([
      'The model did not answer the fields total, date: they are empty',
    ]);
  });
});
