import { describe, expect, it } from 'vitest';
import { NO_CATEGORY } from '../../../schemas/analysis-result';
import { inEnglish } from '../../../schemas/trace-messages';
import { StopPipeline } from '../stage';
import { ADVANCED_RULE, advancedCategories } from './advanced';

const known = new Set(['R&D', 'Claim', 'Urgent']);
const names = (template: string, context: Record<string, unknown> = {}, fallback: string | null = null) =>
  advancedCategories(template, context, known, fallback);

describe('the advanced categorisation', () => {
  it('gives the categories the template writes, one per line or comma, once each, as written', () => {
    const { categories, warnings } = names('{{ categories|join(",") }}\nUrgent, Claim\n\nR&D', {
      categories: ['Claim'],
    });
    expect(categories.map((c) => [c.name, c.rule])).toEqual([
      ['Claim', ADVANCED_RULE],
      ['Urgent', ADVANCED_RULE],
      ['R&D', ADVANCED_RULE],
    ]);
    expect(categories[0].explanation?.criteria.description).toBe(
      'Written by the advanced categorisation template',
    );
    expect(warnings).toEqual([]);
  });

  it('leaves out names that are not categories, with a warning by code; nothing written gives the default', () => {
    const { warnings: said } = names('Claim\nUnheard of');
    expect(said).toEqual([{ code: 'advancedCategoryUnknown', params: { name: 'Unheard of' } }]);
    expect(said.map(inEnglish)).toEqual([
      "The advanced categorisation wrote 'Unheard of', which is not a message category of this environment",
    ]);
    expect(names('{% if false %}Claim{% endif %}', {}, 'Other').categories).toMatchObject([
      { name: 'Other', rule: null },
    ]);
    expect(names('').categories).toMatchObject([{ name: NO_CATEGORY, rule: null }]);
  });

  it('fails the step with the line of a template error, by code', () => {
    let thrown: unknown;
    try {
      names('Claim\n{{ x|shout }}');
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(StopPipeline);
    expect((thrown as StopPipeline).trace).toEqual({
      code: 'advancedCategorisationFailed',
      params: { line: 2, detail: "Unknown filter 'shout'" },
    });
    expect((thrown as StopPipeline).message).toBe(
      "The advanced categorisation failed at line 2: Unknown filter 'shout'",
    );
  });
});
