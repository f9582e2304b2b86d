import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UseCaseTemplate } from '../../schemas/contracts/configuration';
import type { ProjectRule, TestScoresAnswer } from '../../schemas/contracts/testing';
import type { TestPlatform } from './support/platform';
import { API, type Tenants } from './support/tenants';
import { startTestingCentre, type testingCentre } from './support/testing';

/**
 * Domain modules and domain rules (spec pipeline §2–3, §5): which module's output a test scores for
 * each classification, NO_DOMAIN_RULE for the others; and the checks that keep them coherent.
 */

let t: TestPlatform;
let acme: Tenants;
let template: UseCaseTemplate;
let centre: ReturnType<typeof testingCentre>;
let modules: string;
let rules: string;

beforeAll(async () => {
  ({ t, acme, template, centre } = await startTestingCentre());
  modules = `${API}/projects/${acme.ids.project}/domain-modules`;
  rules = `${API}/projects/${acme.ids.project}/domain-rules`;
});
afterAll(() => t.close());

/** The name of a rule of a category, as a qualifier finds it among the project's rules. */
const ruleOf = async (category: string) => {
  const res = await acme.call('GET', `${API}/projects/${acme.ids.project}/category-rules`, 'qualifier');
  expect(res.statusCode, res.body).toBe(200);
  const found = (res.json() as ProjectRule[]).find((r) => r.categories.includes(category));
  expect(found, `a rule of ${category}`).toBeDefined();
  return found!.name;
};

const createModule = async (name: string, module: 'categorization' | 'extraction') => {
  const res = await acme.call('POST', modules, 'qualifier', { name, module });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
};

const scoresOf = async (testId: string) => {
  const res = await acme.call('GET', `${centre.tests}/${testId}/scores`, 'qualifier');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().scores as TestScoresAnswer;
};

const detailsOf = (body: string) =>
  (JSON.parse(body) as { details?: { path: string; message: string }[] }).details ?? [];

describe('domain rules', () => {
  it('refuses what would leave a rule pointing at nothing, and a module that rules use', async () => {
    const env = await centre.templateEnvironment();
    const projectRule = await ruleOf('Meeting request');
    const categorisation = await createModule('Categorisation', 'categorization');
    const extraction = await createModule('Extraction', 'extraction');
    const twice = await acme.call('POST', modules, 'qualifier', {
      name: 'categorisation',
      module: 'extraction',
    });
    expect(twice.statusCode, twice.body).toBe(409);
    expect(twice.json().code).toBe('DOMAIN_MODULE_NAME_TAKEN');

    // A name no rule of the project has, a module that gives no categories, an environment
    // outside the project and one given twice: each refused on its field.
    const elsewhere = await acme.fixtures.environment(await acme.projectWithRoles(), 'Elsewhere');
    const refused = await acme.call('POST', rules, 'qualifier', {
      name: 'No such rule',
      classification: 'Meeting request',
      module: extraction,
      priorities: [
        { environmentId: elsewhere, priority: 1 },
        { environmentId: env, priority: 1 },
        { environmentId: env, priority: 2 },
      ],
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(detailsOf(refused.body)).toEqual([
      {
        path: 'name',
        keyword: 'projectRule',
        message: "No categorisation rule of this project is called 'No such rule'",
        code: 'domainRuleUnknown',
        params: { name: 'No such rule' },
      },
      {
        path: 'module',
        keyword: 'moduleKind',
        message: "The module 'Extraction' gives no categories: choose a categorization module",
        code: 'domainModuleGivesNo',
        params: { domainModule: 'Extraction', kind: 'categories', type: 'categorization' },
      },
      {
        path: 'priorities.0.environmentId',
        keyword: 'projectEnvironment',
        message: 'Choose an environment of this project',
        code: 'domainEnvironmentChoose',
      },
      {
        path: 'priorities.2.environmentId',
        keyword: 'environmentTwice',
        message: 'This environment already has a priority in this rule',
        code: 'domainEnvironmentTwice',
      },
    ]);
    const unknownModule = await acme.call('POST', rules, 'qualifier', {
      name: projectRule,
      classification: 'Meeting request',
      module: '00000000-0000-4000-8000-000000000000',
    });
    expect(detailsOf(unknownModule.body)).toEqual([
      {
        path: 'module',
        keyword: 'domainModule',
        message: 'Choose a domain module of this project',
        code: 'domainModuleChoose',
      },
    ]);

    const made = await acme.call('POST', rules, 'qualifier', {
      name: projectRule,
      classification: 'Meeting request',
      module: categorisation,
      priorities: [{ environmentId: env, priority: 1 }],
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ kind: 'categories', inputType: 'all' });

    // The module its rule needs can neither go nor stop giving categories.
    const inUse = await acme.call('DELETE', `${modules}/${categorisation}`, 'qualifier');
    expect(inUse.statusCode, inUse.body).toBe(409);
    expect(inUse.json()).toMatchObject({ code: 'DOMAIN_MODULE_IN_USE', params: { rules: 1 } });
    const retyped = await acme.call('PUT', `${modules}/${categorisation}`, 'qualifier', {
      module: 'extraction',
    });
    expect(retyped.statusCode, retyped.body).toBe(400);
    expect(detailsOf(retyped.body)[0]).toMatchObject({
      path: 'module',
      keyword: 'neededByRules',
      code: 'domainModuleNeededByRules',
      params: { rules: `'${projectRule}'`, kind: 'categories' },
    });
    expect((await acme.call('GET', `${modules}/${categorisation}`, 'qualifier')).json().module).toBe(
      'categorization',
    );

    // Once its rule is gone, it goes.
    expect((await acme.call('DELETE', `${rules}/${made.json().id}`, 'qualifier')).statusCode).toBe(204);
    expect((await acme.call('DELETE', `${modules}/${categorisation}`, 'qualifier')).statusCode).toBe(204);
  });

  it(
    'scores only the classifications a rule covers for the message’s input type, the others NO_DOMAIN_RULE, as the run was launched',
    { timeout: 240_000 },
    async () => {
      const env = await centre.templateEnvironment();
      // Two "Meeting request" mails, a reschedule and a cancellation.
      for (const sample of template.samples.slice(0, 4))
        await centre.addSample(sample, 'domain', sample.expected);
      const plain = await centre.runTest('domain', env);
      const before = await scoresOf(plain.id);
      expect(before.domainRules).toEqual([]);
      expect(before.kinds[0].noDomainRule).toEqual([]);
      const request = before.kinds[0].classifications.find((c) => c.classification === 'Meeting request')!;
      expect(request.expected).toBe(2);

      const categorisation = await createModule('Categories of mails', 'categorization');
      const covering = await acme.call('POST', rules, 'qualifier', {
        name: await ruleOf('Meeting request'),
        classification: 'Meeting request',
        module: categorisation,
        priorities: [{ environmentId: env, priority: 20 }],
      });
      expect(covering.statusCode, covering.body).toBe(201);
      // Documents only: the mails of the bank are not covered by it.
      const documentsOnly = await acme.call('POST', rules, 'qualifier', {
        name: await ruleOf('Meeting reschedule'),
        classification: 'Meeting reschedule',
        inputType: 'document',
        module: categorisation,
        priorities: [{ environmentId: env, priority: 10 }],
      });
      expect(documentsOnly.statusCode, documentsOnly.body).toBe(201);

      const ruled = await centre.runTest('domain', env);
      const scores = await scoresOf(ruled.id);
      expect(scores.domainRules).toEqual([
        expect.objectContaining({
          classification: 'Meeting reschedule',
          inputType: 'document',
          priority: 10,
        }),
        expect.objectContaining({
          classification: 'Meeting request',
          inputType: 'all',
          module: 'Categories of mails',
          moduleType: 'categorization',
          priority: 20,
        }),
      ]);
      const categories = scores.kinds.find((k) => k.kind === 'categories')!;
      // The covered classification scores as it did without rules; the others are left out.
      expect(categories.classifications).toEqual([request]);
      expect(categories.micro).toMatchObject({ tp: request.tp, fp: request.fp, fn: request.fn });
      expect(categories.noDomainRule).toEqual(
        expect.arrayContaining([
          { classification: 'Meeting cancellation', messages: 1 },
          { classification: 'Meeting reschedule', messages: 1 },
        ]),
      );
      expect(categories.noDomainRule.map((n) => n.classification)).not.toContain('Meeting request');

      // Rules edited after the launch change neither the run's scores nor its preview's basis,
      // which says it is stale; the next run applies them.
      const edit = await acme.call('PUT', `${rules}/${documentsOnly.json().id}`, 'qualifier', {
        inputType: 'email',
      });
      expect(edit.statusCode, edit.body).toBe(200);
      expect(await scoresOf(ruled.id)).toEqual(scores);
      const category = (
        await acme.call('GET', `${API}/environments/${env}/categories?perPage=500`, 'configurator')
      ).json()[0];
      const preview = await acme.call('POST', `${API}/environments/${env}/impact-preview`, 'configurator', {
        resource: 'category',
        id: category.id,
        data: category,
      });
      expect(preview.statusCode, preview.body).toBe(200);
      expect(preview.json()).toMatchObject({ stale: true, gained: 0, lost: 0 });

      const next = await centre.runTest('domain', env);
      const nextCategories = (await scoresOf(next.id)).kinds.find((k) => k.kind === 'categories')!;
      expect(nextCategories.classifications.map((c) => c.classification)).toEqual([
        'Meeting request',
        'Meeting reschedule',
      ]);
      expect(nextCategories.noDomainRule.map((n) => n.classification)).not.toContain('Meeting reschedule');
      // The comparison scores each run under its own rules.
      const compared = await acme.call('GET', `${centre.tests}/${next.id}/compare/${ruled.id}`, 'qualifier');
      expect(compared.statusCode, compared.body).toBe(200);
    },
  );
});
