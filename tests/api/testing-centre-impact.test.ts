import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UseCaseTemplate } from '../../schemas/contracts/configuration';
import type { ImpactPreview, TestComparison } from '../../schemas/contracts/testing';
import type { TestScores } from '../../server/testing/campaign';
import type { TestPlatform } from './support/platform';
import { API, type Tenants } from './support/tenants';
import { startTestingCentre, type testingCentre } from './support/testing';

/**
 * The impact preview and the comparison of runs (docs/decisions/testing-impact-preview.md): on an
 * environment made from a use-case template and a bank of its samples, what the preview says an
 * unsaved rule edit would do is what saving it and running the test again does, figure for figure;
 * the comparison of the two runs names the rule that changed each outcome.
 */

let t: TestPlatform;
let acme: Tenants;
let template: UseCaseTemplate;
let centre: ReturnType<typeof testingCentre>;

beforeAll(async () => {
  ({ t, acme, template, centre } = await startTestingCentre());
});
afterAll(() => t.close());

type Category = { id: string; name: string; rules: { name: string; enabled?: boolean }[] };

const categoryNamed = async (env: string, name: string) => {
  const res = await acme.call('GET', `${API}/environments/${env}/categories`, 'configurator');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Category[]).find((c) => c.name === name)!;
};

const preview = (env: string, body: unknown, role: 'configurator' | 'qualifier' = 'configurator') =>
  acme.call('POST', `${API}/environments/${env}/impact-preview`, role, body);

const figuresOf = (scores: TestScores) =>
  scores.kinds.map((k) => ({
    kind: k.kind,
    micro: { tp: k.micro.tp, fp: k.micro.fp, fn: k.micro.fn },
    classifications: k.classifications
      .filter((c) => c.tp + c.fp + c.fn > 0)
      .map(({ classification, tp, fp, fn, precision, sensitivity }) => ({
        classification,
        tp,
        fp,
        fn,
        precision,
        sensitivity,
      })),
  }));

const figuresAfter = (impact: ImpactPreview) =>
  impact.kinds.map((k) => ({
    kind: k.kind,
    micro: { tp: k.after.tp, fp: k.after.fp, fn: k.after.fn },
    classifications: k.classifications
      .filter((c) => c.after.tp + c.after.fp + c.after.fn > 0)
      .map((c) => ({ classification: c.classification, ...c.after })),
  }));

describe('impact preview and comparison of runs', () => {
  it(
    'the preview of a rule edit gives the figures of saving it and running the test again; the comparison names the rule',
    { timeout: 240_000 },
    async () => {
      const env = await centre.templateEnvironment();
      const termination = await categoryNamed(env, 'Contract termination');

      // Before any run, the preview says there is nothing to compare with.
      const disabled = {
        ...termination,
        rules: termination.rules.map((r) => ({ ...r, enabled: false })),
      };
      const empty = await preview(env, { resource: 'category', id: termination.id, data: disabled });
      expect(empty.statusCode, empty.body).toBe(200);
      expect(empty.json()).toMatchObject({ test: null, kinds: [], changes: [] });

      for (const s of template.samples) await centre.addSample(s, 'impact', s.expected);
      const first = await centre.runTest('impact', env);
      expect(first).toMatchObject({ status: 'success', done: template.samples.length });
      const firstScores = (await acme.call('GET', `${centre.tests}/${first.id}/scores`, 'qualifier')).json()
        .scores as TestScores;

      // The unsaved edit: the termination rule switched off. Its message falls to another category.
      const res = await preview(env, { resource: 'category', id: termination.id, data: disabled });
      expect(res.statusCode, res.body).toBe(200);
      const impact = res.json() as ImpactPreview;
      expect(impact).toMatchObject({
        test: { id: first.id, tag: 'impact' },
        stale: false,
        messages: { compared: template.samples.length, withoutBasis: 0 },
        lost: 1,
      });
      // "Before" is the run as it was scored.
      expect(
        impact.kinds.map((k) => ({
          kind: k.kind,
          micro: { tp: k.before.tp, fp: k.before.fp, fn: k.before.fn },
        })),
      ).toEqual(figuresOf(firstScores).map(({ kind, micro }) => ({ kind, micro })));
      const terminationAfter = impact.kinds
        .find((k) => k.kind === 'categories')!
        .classifications.find((c) => c.classification === 'Contract termination')!;
      expect(terminationAfter.before).toMatchObject({ tp: 1, fn: 0 });
      expect(terminationAfter.after).toMatchObject({ tp: 0, fn: 1, sensitivity: 0 });
      expect(impact.changes).toEqual([
        expect.objectContaining({
          messageName: 'Ending a motor policy (fr)',
          kind: 'categories',
          change: 'broken',
          before: { fp: [], fn: [] },
          after: expect.objectContaining({ fn: [{ classification: 'Contract termination', value: null }] }),
        }),
      ]);

      // Saving the edit and running the test again gives the preview's figures exactly.
      const saved = await acme.call(
        'PUT',
        `${API}/environments/${env}/categories/${termination.id}`,
        'configurator',
        disabled,
      );
      expect(saved.statusCode, saved.body).toBe(200);
      const second = await centre.runTest('impact', env);
      expect(second).toMatchObject({ status: 'success' });
      const secondScores = (await acme.call('GET', `${centre.tests}/${second.id}/scores`, 'qualifier')).json()
        .scores as TestScores;
      expect(figuresAfter(impact)).toEqual(figuresOf(secondScores));

      // The comparison of the two runs finds the same change, and the rule that no longer decides.
      const compared = await acme.call(
        'GET',
        `${centre.tests}/${second.id}/compare/${first.id}`,
        'qualifier',
      );
      expect(compared.statusCode, compared.body).toBe(200);
      const comparison = compared.json() as TestComparison;
      expect(comparison.messages).toEqual({ compared: template.samples.length, onlyBefore: 0, onlyAfter: 0 });
      expect(comparison).toMatchObject({ gained: 0, lost: 1 });
      expect(comparison.changes.map((c) => [c.messageName, c.change])).toEqual([
        ['Ending a motor policy (fr)', 'broken'],
      ]);
      expect(comparison.kinds).toEqual(impact.kinds);
      expect(comparison.causes).toContainEqual({
        type: 'rule',
        category: 'Contract termination',
        name: 'termination',
        direction: 'removed',
        count: 1,
        messages: [{ id: expect.any(String), name: 'Ending a motor policy (fr)' }],
      });
      // Once saved, the preview of the same edit reads the latest run: nothing changes any more.
      const again = (await preview(env, { resource: 'category', id: termination.id, data: disabled })).json();
      expect(again).toMatchObject({ test: { id: second.id }, gained: 0, lost: 0, changes: [] });
    },
  );

  it(
    'the preview of an archetype or interaction edit runs the NLU again and gives the figures of saving it and running the test again',
    { timeout: 240_000 },
    async () => {
      const env = await centre.templateEnvironment();
      for (const s of template.samples) await centre.addSample(s, 'impact-nlu', s.expected);
      const first = await centre.runTest('impact-nlu', env);
      expect(first).toMatchObject({ status: 'success', done: template.samples.length });
      const archetypes = (
        await acme.call('GET', `${API}/environments/${env}/archetypes?perPage=500`, 'configurator')
      ).json() as { id: string; name: string; expressions: unknown[] }[];
      const terminate = archetypes.find((a) => a.name === 'terminate')!;
      // The unsaved edit: the archetype of ending a contract keeps one word that no mail says.
      const edited = { ...terminate, expressions: [{ type: 'term', value: 'zzyzx' }] };
      const res = await preview(env, { resource: 'archetype', id: terminate.id, data: edited });
      expect(res.statusCode, res.body).toBe(200);
      const impact = res.json() as ImpactPreview;
      expect(impact).toMatchObject({
        test: { id: first.id },
        stale: false,
        messages: { compared: template.samples.length, withoutBasis: 0 },
      });
      expect(impact.lost).toBeGreaterThan(0);

      // An interaction edit is previewed the same way; a broken reference is refused as on save.
      const interactions = (
        await acme.call('GET', `${API}/environments/${env}/interactions?perPage=500`, 'configurator')
      ).json() as { id: string; name: string; enabled: boolean; parameters: { archetype: string }[] }[];
      const termination = interactions.find((i) => i.name === 'contract termination')!;
      const off = await preview(env, {
        resource: 'interaction',
        id: termination.id,
        data: { ...termination, enabled: false },
      });
      expect(off.statusCode, off.body).toBe(200);
      expect((off.json() as ImpactPreview).test).toMatchObject({ id: first.id });
      const broken = await preview(env, {
        resource: 'interaction',
        id: termination.id,
        data: { ...termination, parameters: [{ position: 1, name: 'x', archetype: 'no such archetype' }] },
      });
      expect(broken.statusCode, broken.body).toBe(400);
      expect(broken.json()).toMatchObject({ code: 'VALIDATION_FAILED' });

      const saved = await acme.call(
        'PUT',
        `${API}/environments/${env}/archetypes/${terminate.id}`,
        'configurator',
        edited,
      );
      expect(saved.statusCode, saved.body).toBe(200);
      const second = await centre.runTest('impact-nlu', env);
      const secondScores = (await acme.call('GET', `${centre.tests}/${second.id}/scores`, 'qualifier')).json()
        .scores as TestScores;
      expect(figuresAfter(impact)).toEqual(figuresOf(secondScores));
      const comparison = (
        await acme.call('GET', `${centre.tests}/${second.id}/compare/${first.id}`, 'qualifier')
      ).json() as TestComparison;
      expect(comparison.changes.map((c) => [c.messageName, c.change])).toEqual(
        impact.changes.map((c) => [c.messageName, c.change]),
      );
    },
  );

  it('refuses an invalid edit, callers below configurator, and a comparison with a running or unknown test', async () => {
    const env = acme.ids.env;
    const bad = await preview(env, { resource: 'category', id: null, data: { name: '', rules: 'none' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const qualifier = await preview(
      env,
      { resource: 'category', id: null, data: { name: 'X', kind: 'message' } },
      'qualifier',
    );
    expect(qualifier.statusCode).toBe(403);
    const outsider = await acme.call(
      'POST',
      `${API}/environments/${acme.ids.otherEnv}/impact-preview`,
      'configurator',
      {
        resource: 'category',
        id: null,
        data: { name: 'X', kind: 'message' },
      },
    );
    expect(outsider.statusCode).toBe(404);
    const unknown = await acme.call(
      'GET',
      `${centre.tests}/00000000-0000-4000-8000-000000000000/compare/00000000-0000-4000-8000-000000000001`,
      'qualifier',
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('TEST_NOT_FOUND');
  });
});
