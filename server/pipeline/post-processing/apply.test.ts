import { describe, expect, it } from 'vitest';
import type { AnalysisResult } from '../../../schemas/analysis-result';
import type { PostProcessingRule } from '../../../schemas/post-processing';
import { emptyResult } from '../engine';
import { applyPostProcessing } from './apply';
import { conditionProblem, postProcessingTemplateProblem } from './check';
import { postProcessingSummary } from './stage';

const rule = (
  name: string,
  action: PostProcessingRule['action'],
  target: string,
  when = '',
  value = '',
): PostProcessingRule => ({ name, when, action, target, value });

/** A result the rules gave 'Letter', with a total read by the OCR data extraction. */
const letter = (): AnalysisResult => ({
  ...emptyResult('a1'),
  categories: [{ name: 'Letter', kind: 'message', rule: 'r1', taint: null, explanation: null }],
  extractedData: [
    {
      name: 'total',
      value: 1236,
      source: 'OCR',
      span: null,
      ocr: { document: 'f.pdf', anchor: 'Total', page: 1, line: 'Total 1236' },
    },
  ],
  taints: ['scanned'],
});

const run = (rules: PostProcessingRule[], result = letter(), multiCategory = false) => {
  const outcomes = applyPostProcessing(rules, {
    result,
    context: () => ({
      categories: result.categories.map((c) => c.name),
      taints: result.taints ?? [],
      data: Object.fromEntries(result.extractedData.map((d) => [d.name, d.value])),
    }),
    categories: new Set(['Letter', 'Invoice', 'Large invoice']),
    multiCategory,
    fallback: 'Letter',
  });
  return { result, raw: outcomes, outcomes: outcomes.map((o) => [o.rule, o.outcome, o.error ?? '']) };
};

describe('post-processing rules (schemas/post-processing.ts)', () => {
  it('run in order, each reading what the previous one changed', () => {
    const { result, outcomes } = run([
      rule('invoice', 'addCategory', 'Invoice', 'data.total > 1000'),
      rule('large', 'addTaint', 'review', "'Invoice' in categories"),
      rule('ttc', 'setData', 'totalWithTax', "'review' in taints", '{{ data.total * 2 }}'),
      rule('never', 'removeTaint', 'scanned', 'data.total < 10'),
    ]);
    expect(outcomes).toEqual([
      ['invoice', 'applied', ''],
      ['large', 'applied', ''],
      ['ttc', 'applied', ''],
      ['never', 'notApplied', ''],
    ]);
    // One category: the rule's replaces the rules' one, and says what decided it.
    expect(result.categories).toEqual([
      expect.objectContaining({ name: 'Invoice', rule: "Post-processing rule 'invoice'" }),
    ]);
    expect(result.taints).toEqual(['scanned', 'review']);
    expect(result.extractedData.at(-1)).toEqual({
      name: 'totalWithTax',
      value: 2472,
      source: "Post-processing rule 'ttc'",
      span: null,
      postProcessed: { rule: 'ttc' },
    });
  });

  it('adds to the rules’ categories when several are allowed, and falls back to the default when the last is removed', () => {
    expect(
      run([rule('i', 'addCategory', 'Invoice')], letter(), true).result.categories.map((c) => c.name),
    ).toEqual(['Letter', 'Invoice']);
    const { result } = run([rule('r', 'removeCategory', 'Letter')]);
    expect(result.categories).toEqual([
      { name: 'Letter', kind: 'message', rule: null, taint: null, explanation: null },
    ]);
  });

  it('replaces a key’s earlier values, and removes them when the value is empty', () => {
    const { result } = run([rule('t', 'setData', 'total', '', '{{ data.total + 1 }}')]);
    expect(result.extractedData).toEqual([expect.objectContaining({ name: 'total', value: 1237 })]);
    expect(run([rule('t', 'setData', 'total', '', ' ')]).result.extractedData).toEqual([]);
    expect(
      run([rule('t', 'setData', 'ref', '', 'INV-{{ data.total }}')]).result.extractedData.at(-1)!.value,
    ).toBe('INV-1236');
  });

  it('fails one rule, changing nothing, when its template fails or its category is gone; the others still run', () => {
    const { result, outcomes, raw } = run([
      rule('loop', 'addTaint', 'x', '(1..1000000)|length > 0'),
      rule('gone', 'addCategory', 'Quote'),
      rule('blank', 'setData', ' ', '', 'x'),
      rule('after', 'addTaint', 'ok'),
    ]);
    expect(outcomes).toEqual([
      ['loop', 'failed', "Template 'condition', line 1: The range is too long"],
      ['gone', 'failed', "The message category 'Quote' does not exist any more"],
      // Only an import can hold it: the settings page refuses a rule without a target.
      ['blank', 'failed', 'The rule has no target'],
      ['after', 'applied', ''],
    ]);
    expect(result.taints).toEqual(['scanned', 'ok']);
    expect(result.categories.map((c) => c.name)).toEqual(['Letter']);
    // The template's failure by code: which template, its line, the engine's words as a detail.
    expect(raw[0]).toMatchObject({
      errorCode: 'templateFailed',
      templateError: { template: 'condition', line: 1, detail: 'The range is too long' },
    });
    expect(postProcessingSummary(raw).warnings[0]).toEqual({
      code: 'postProcessingRuleConditionFailed',
      params: { rule: 'loop', line: 1, detail: 'The range is too long' },
    });
  });

  it('reads a condition as one expression: tags smuggled around it are refused, syntax errors said', () => {
    expect(conditionProblem("data.total > 10 and 'x' in taints")).toBeNull();
    expect(conditionProblem('1 %}x{% endif %}{% if 1')).toEqual({
      code: 'postProcessingConditionNotExpression',
    });
    expect(conditionProblem('1 %}{% for i in 1..9 %}x{% endfor %}{% if 1')).toMatchObject({
      code: 'templateSyntax',
      params: { line: 1, detail: expect.stringMatching(/never closed/) },
    });
    expect(conditionProblem('data.total >')).toMatchObject({ code: 'templateSyntax', params: { line: 1 } });
    expect(postProcessingTemplateProblem("{% include 'x' %}")).toEqual({
      code: 'postProcessingInclude',
      params: { line: 1, name: 'x' },
    });
    expect(postProcessingTemplateProblem('{{ data.total|round }}')).toBeNull();
  });
});
