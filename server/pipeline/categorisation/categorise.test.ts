import { describe, expect, it } from 'vitest';
import type { AnalysisResult, NluInteraction } from '../../../schemas/analysis-result';
import { emptyResult } from '../engine';
import { categorise } from './categorise';
import type { CategorisationConfig, CategoryDef, Criterion } from './model';

const found = (
  name: string,
  source: NluInteraction['source'] = 'message',
  page: number | null = null,
  parameters: Record<string, string> = {},
): NluInteraction => ({
  name,
  context: 'main',
  server: 's',
  source,
  page,
  start: 0,
  end: 1,
  text: name,
  parameters: Object.fromEntries(
    Object.entries(parameters).map(([k, v]) => [
      k,
      [{ value: v, start: 0, end: v.length, archetype: k, via: v, approximate: false }],
    ]),
  ),
});

const result = (
  interactions: NluInteraction[],
  attachments: { index: number; pages: number }[] = [],
): AnalysisResult => ({
  ...emptyResult('a'),
  extraction: {
    kind: 'email',
    message: {
      headers: { subject: 'Résiliation', 'x-priority': '1 (Highest)' },
      messageId: null,
      from: null,
      to: [],
      cc: [],
      subject: 'Résiliation',
      date: null,
      text: 'body',
      html: null,
      thread: [],
    },
    pages: [],
    metadata: { channel: 'web' },
    attachments: attachments.map((a) => ({
      index: a.index,
      filename: `file${a.index}.pdf`,
      mime: 'application/pdf',
      size: 1,
      inline: false,
      parent: null,
      pages: Array.from({ length: a.pages }, () => ({ text: 'x', ocr: false })),
      metadata: {},
      warnings: [],
      error: null,
    })),
    blocks: [],
  },
  nlu: { servers: [], interactions },
});

const i = (name: string, extra: Partial<Criterion> = {}): Criterion => ({
  type: 'interaction',
  name,
  ...extra,
});
const rule = (name: string, priority: number, criteria: Criterion, extra = {}) => ({
  name,
  priority,
  enabled: true,
  criteria,
  ...extra,
});
const config = (
  categories: CategoryDef[],
  extra: Partial<CategorisationConfig> = {},
): CategorisationConfig => ({
  categories,
  multiCategory: false,
  perPage: false,
  defaultCategory: null,
  defaultAttachmentCategory: null,
  advancedTemplate: null,
  interactions: ['cancel', 'complain', 'invoice', 'urgent', 'old'],
  disabledInteractions: [],
  ...extra,
});

const cancel: CategoryDef = {
  name: 'Cancellation',
  kind: 'message',
  rules: [rule('cancel', 20, i('cancel'))],
};
const complaint: CategoryDef = {
  name: 'Complaint',
  kind: 'message',
  rules: [rule('complain', 10, i('complain'), { taint: 'sensitive' })],
};
const names = (r: ReturnType<typeof categorise>) => r.categories.map((c) => c.name);

describe('categorisation', () => {
  it('runs rules by ascending priority: the first match decides when multi-category is off', () => {
    const r = categorise(config([cancel, complaint]), result([found('cancel'), found('complain')]));
    expect(names(r)).toEqual(['Complaint']);
    expect(r.categories[0].rule).toBe('complain');
  });

  it('gives every matching category when multi-category is on', () => {
    const r = categorise(
      config([cancel, complaint], { multiCategory: true }),
      result([found('cancel'), found('complain')]),
    );
    expect(names(r)).toEqual(['Complaint', 'Cancellation']);
  });

  it('gives the default category when no rule matches, else NO_CATEGORY', () => {
    expect(names(categorise(config([cancel]), result([])))).toEqual(['NO_CATEGORY']);
    expect(names(categorise(config([cancel], { defaultCategory: 'Other' }), result([])))).toEqual(['Other']);
  });

  it('combines criteria with all, any and not, and explains each', () => {
    const tree: Criterion = {
      type: 'all',
      children: [
        i('cancel'),
        { type: 'any', children: [i('urgent'), i('old')] },
        { type: 'not', children: [i('complain')] },
      ],
    };
    const cat: CategoryDef = { name: 'Urgent cancellation', kind: 'message', rules: [rule('r', 1, tree)] };
    expect(names(categorise(config([cat]), result([found('cancel'), found('old')])))).toEqual([
      'Urgent cancellation',
    ]);
    expect(
      names(categorise(config([cat]), result([found('cancel'), found('old'), found('complain')]))),
    ).toEqual(['NO_CATEGORY']);
    const explained = categorise(config([cat]), result([found('urgent'), found('cancel')])).categories[0]
      .explanation!;
    expect(explained.criteria).toMatchObject({
      description: 'all of',
      held: true,
      children: [
        { description: "interaction 'cancel' found", held: true, interactions: [1] },
        {
          description: 'any of',
          held: true,
          children: [
            { held: true, interactions: [0] },
            { held: false, interactions: [] },
          ],
        },
        { description: 'not', held: true },
      ],
    });
  });

  it('tests parameter values, categories already given, extracted data, headers and metadata', () => {
    const r = (criteria: Criterion) =>
      names(
        categorise(
          config([complaint, { name: 'X', kind: 'message', rules: [rule('x', 50, criteria)] }], {
            multiCategory: true,
          }),
          {
            ...result([found('complain'), found('cancel', 'message', null, { product: 'Box Internet' })]),
            extractedData: [{ name: 'contract', value: 'AB-123', source: 'regex', span: null }],
          },
        ),
      ).includes('X');
    expect(r(i('cancel', { parameter: 'product', value: 'box internet' }))).toBe(true);
    expect(r(i('cancel', { parameter: 'product', value: 'mobile' }))).toBe(false);
    expect(r({ type: 'category', name: 'Complaint' })).toBe(true);
    expect(r({ type: 'extractedData', name: 'contract' })).toBe(true);
    expect(r({ type: 'extractedData', name: 'contract', value: 'ab-123' })).toBe(true);
    expect(r({ type: 'header', name: 'X-Priority', value: 'highest' })).toBe(true);
    expect(r({ type: 'metadata', name: 'channel', value: 'mail' })).toBe(false);
  });

  it('carries the taint of the deciding rule', () => {
    expect(categorise(config([complaint]), result([found('complain')])).taints).toEqual(['sensitive']);
  });

  it('flags a rule naming a disabled interaction: it never matches and is reported', () => {
    const r = categorise(config([cancel], { disabledInteractions: ['cancel'] }), result([found('cancel')]));
    expect(names(r)).toEqual(['NO_CATEGORY']);
    expect(r.flagged).toEqual([
      { category: 'Cancellation', rule: 'cancel', reason: "it refers to the disabled interaction 'cancel'" },
    ]);
  });

  it('skips disabled rules', () => {
    const off: CategoryDef = { ...cancel, rules: [{ ...cancel.rules[0], enabled: false }] };
    expect(names(categorise(config([off]), result([found('cancel')])))).toEqual(['NO_CATEGORY']);
  });

  it('categorises each attachment on its own interactions, or each page when asked', () => {
    const invoice: CategoryDef = {
      name: 'Invoice',
      kind: 'attachment',
      rules: [rule('inv', 1, i('invoice'))],
    };
    const input = result(
      [found('invoice', 1, 2)],
      [
        { index: 0, pages: 1 },
        { index: 1, pages: 3 },
      ],
    );
    const perAttachment = categorise(
      config([invoice], { defaultAttachmentCategory: 'Other document' }),
      input,
    ).attachmentsCategories;
    expect(perAttachment.map((c) => [c.attachment, c.page, c.name])).toEqual([
      [0, null, 'Other document'],
      [1, null, 'Invoice'],
    ]);
    const perPage = categorise(config([invoice], { perPage: true }), input).attachmentsCategories;
    expect(perPage.map((c) => [c.attachment, c.page, c.name])).toEqual([
      [0, null, 'NO_CATEGORY'],
      [1, 1, 'NO_CATEGORY'],
      [1, 2, 'Invoice'],
      [1, 3, 'NO_CATEGORY'],
    ]);
  });

  it('lets attachment rules test the message’s categories', () => {
    const signed: CategoryDef = {
      name: 'Signed termination',
      kind: 'attachment',
      rules: [rule('s', 1, { type: 'category', name: 'Cancellation' })],
    };
    const r = categorise(config([cancel, signed]), result([found('cancel')], [{ index: 0, pages: 1 }]));
    expect(r.attachmentsCategories.map((c) => c.name)).toEqual(['Signed termination']);
  });
});
