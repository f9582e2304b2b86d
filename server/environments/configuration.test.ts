import { describe, expect, it } from 'vitest';
import { resourceSchemas } from '../../schemas';
import { configurationResources } from './configuration/document';
import { uniqueRuleCode } from './configuration/problems';

describe('an imported configuration refused by code', () => {
  it("has the words of every configuration kind's unique rule, the schema's English unchanged", () => {
    const rules = [...configurationResources(resourceSchemas).values()].flatMap(
      (schema) => schema['x-admin'].unique ?? [],
    );
    expect(rules.length).toBeGreaterThan(0);
    for (const rule of rules) expect(uniqueRuleCode(rule), rule.code).toBeDefined();
  });
});
