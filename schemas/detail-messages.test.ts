import { describe, expect, it } from 'vitest';
import { detailsEn } from '../src/i18n/details/en';
import { detailsFr } from '../src/i18n/details/fr';
import { DETAIL_MESSAGES_EN, fieldProblem, type DetailCode } from './detail-messages';

const paramsOf = (template: string) => [...template.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('field problems (every detail code the server can answer has its fr and en words)', () => {
  const codes = Object.keys(DETAIL_MESSAGES_EN) as DetailCode[];

  it.each(codes)('%s is said in both languages with the same parameters', (code) => {
    for (const catalogue of [detailsFr, detailsEn]) {
      expect(catalogue[code], code).toBeTruthy();
      expect(paramsOf(catalogue[code]), code).toEqual(paramsOf(DETAIL_MESSAGES_EN[code]));
    }
  });

  it('gives the API the English sentence with the code and its params beside it', () => {
    expect(
      fieldProblem('rules.0.criteria', 'ruleReadsHeadersText', { rule: 'urgent', category: 'Claim' }),
    ).toEqual({
      path: 'rules.0.criteria',
      message:
        "Rule 'urgent' of category 'Claim' reads mail headers: a categorization reading pasted text never gets any",
      code: 'ruleReadsHeadersText',
      params: { rule: 'urgent', category: 'Claim' },
    });
    expect(fieldProblem('parameters', 'parametersNone')).toEqual({
      path: 'parameters',
      message: 'An interaction needs at least one parameter',
      code: 'parametersNone',
    });
  });
});
