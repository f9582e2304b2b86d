import { describe, expect, it } from 'vitest';
import { resourceSchemas } from '../../../schemas/index';
import type { ClientError } from '../../kernel/http/errors';
import { settingsProblems } from '../table';
import { CONFIGURATION_FORMAT, CONFIGURATION_VERSION } from './document';
import { checkConfiguration } from './import';

/** A configuration whose one category's rule tests the consolidation's labels, with these modules. */
const withModules = (modules: string[]) => ({
  format: CONFIGURATION_FORMAT,
  version: CONFIGURATION_VERSION,
  settings: { modules: modules.map((type) => ({ type })) },
  entities: {
    categories: [
      {
        id: 'c1',
        name: 'VIP',
        kind: 'message',
        rules: [{ name: 'vip', priority: 1, criteria: { type: 'consolidation', name: 'VIP customer' } }],
      },
    ],
  },
});

const refusal = (document: unknown) => {
  try {
    checkConfiguration(document, resourceSchemas, settingsProblems);
  } catch (err) {
    return ((err as ClientError).extra?.details ?? []) as { path: string; code?: string }[];
  }
  return [];
};

// docs/webhooks.md, "Consolidation workflows": a rule on the workflow's labels needs it first.
describe('an imported configuration whose rules test the consolidation’s labels', () => {
  it('is taken when the consolidation runs before the categorization', () => {
    expect(refusal(withModules(['extractor', 'nlu', 'consolidation', 'categorization', 'output']))).toEqual(
      [],
    );
  });

  it('is refused on the rule when it runs after, or not at all', () => {
    for (const modules of [
      ['extractor', 'nlu', 'categorization', 'consolidation', 'output'],
      ['extractor', 'nlu', 'categorization', 'output'],
    ])
      expect(refusal(withModules(modules))).toEqual([
        expect.objectContaining({
          path: 'entities.categories.0.rules.0.criteria',
          code: 'criterionConsolidationFirst',
        }),
      ]);
  });
});
