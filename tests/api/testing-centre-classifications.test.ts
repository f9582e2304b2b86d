import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UseCaseTemplate } from '../../schemas/contracts/configuration';
import type { TestScoresAnswer } from '../../schemas/contracts/testing';
import type { TestPlatform } from './support/platform';
import { API, type Tenants } from './support/tenants';
import { startTestingCentre, type testingCentre } from './support/testing';

/**
 * The project's classification settings (spec pipeline §3 "Value types", docs/testing-centre.md
 * "Classifications: value types, ignored, private"): the bank's values checked against their type,
 * a type the bank's values do not fit refused, and a test scored under the settings as it ends.
 */

let t: TestPlatform;
let acme: Tenants;
let template: UseCaseTemplate;
let centre: ReturnType<typeof testingCentre>;
let settings: string;

beforeAll(async () => {
  ({ t, acme, template, centre } = await startTestingCentre());
  settings = `${API}/projects/${acme.ids.project}/classifications`;
});
afterAll(() => t.close());

const detailsOf = (body: string) =>
  (JSON.parse(body) as { details?: { path: string; code?: string; params?: unknown }[] }).details ?? [];

const scoresOf = async (testId: string) => {
  const res = await acme.call('GET', `${centre.tests}/${testId}/scores`, 'qualifier');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().scores as TestScoresAnswer;
};

/** Saves a bank message's expected extracted values, qualified. */
const expectValues = (id: string, values: { name: string; value: string }[]) =>
  acme.call('PUT', `${centre.bank}/${id}`, 'qualifier', {
    expected: { extracted_informations: values },
    qualification: { extracted_informations: 'qualified' },
  });

describe('classification settings', () => {
  it('are the testing centre’s: a qualifier writes them, a cockpit viewer does not see them', async () => {
    const made = await acme.call('POST', settings, 'qualifier', { kind: 'categories', name: 'Newsletter' });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ valueType: 'string', ignored: false, visibility: 'public' });
    const twice = await acme.call('POST', settings, 'qualifier', { kind: 'categories', name: 'Newsletter' });
    expect(twice.statusCode, twice.body).toBe(409);
    expect(twice.json().code).toBe('CLASSIFICATION_EXISTS');
    expect((await acme.call('GET', settings, 'cockpit')).statusCode).toBe(403);
    expect((await acme.call('POST', settings, 'cockpit', { kind: 'categories', name: 'X' })).statusCode).toBe(
      403,
    );

    const typed = await acme.call('PUT', `${settings}/${made.json().id}`, 'qualifier', {
      valueType: 'number',
    });
    expect(typed.statusCode, typed.body).toBe(400);
    expect(detailsOf(typed.body)).toEqual([
      expect.objectContaining({ path: 'valueType', code: 'classificationCategoryType' }),
    ]);
    expect((await acme.call('DELETE', `${settings}/${made.json().id}`, 'qualifier')).statusCode).toBe(204);
  });

  it('refuse a bank value that is not of its type, and a type that the bank’s values do not fit', async () => {
    const amount = await acme.call('POST', settings, 'qualifier', {
      kind: 'extracted_informations',
      name: 'amount',
      valueType: 'number',
    });
    expect(amount.statusCode, amount.body).toBe(201);
    const sample = template.samples[0];
    const id = await centre.addSample({ ...sample, name: 'typed.eml' }, 'typed', null);

    const wrong = await expectValues(id, [
      { name: 'reference', value: 'AB-12' },
      { name: 'amount', value: 'douze euros' },
    ]);
    expect(wrong.statusCode, wrong.body).toBe(400);
    expect(detailsOf(wrong.body)).toEqual([
      expect.objectContaining({
        path: 'expected.extracted_informations.1.value',
        code: 'classificationNotNumber',
        params: { name: 'amount', value: 'douze euros' },
      }),
    ]);
    // Nothing of the refused save was kept.
    const kept = await acme.call('GET', `${centre.bank}/${id}`, 'qualifier');
    expect(kept.json().expected.extracted_informations ?? []).toEqual([]);

    const right = await expectValues(id, [
      { name: 'reference', value: 'AB-12' },
      { name: 'amount', value: '1 234,50' },
    ]);
    expect(right.statusCode, right.body).toBe(200);

    // 'reference' holds AB-12 in the bank: it cannot become a number, and the message is named.
    const reference = await acme.call('POST', settings, 'qualifier', {
      kind: 'extracted_informations',
      name: 'reference',
      valueType: 'number',
    });
    expect(reference.statusCode, reference.body).toBe(400);
    expect(detailsOf(reference.body)).toEqual([
      expect.objectContaining({
        path: 'valueType',
        code: 'classificationValuesOfOtherType',
        params: { message: 'typed.eml', value: 'AB-12', name: 'reference', count: 1 },
      }),
    ]);
    const asText = await acme.call('POST', settings, 'qualifier', {
      kind: 'extracted_informations',
      name: 'reference',
      visibility: 'private',
    });
    expect(asText.statusCode, asText.body).toBe(201);
  });

  it(
    'apply to the tests that end after them: an ignored category left out and listed, a private one named',
    { timeout: 240_000 },
    async () => {
      const env = await centre.templateEnvironment();
      for (const sample of template.samples.slice(0, 4))
        await centre.addSample(sample, 'settings', sample.expected);
      const run = await centre.runTest('settings', env);
      const before = (await scoresOf(run.id)).kinds.find((k) => k.kind === 'categories')!;
      const reschedule = before.classifications.find((c) => c.classification === 'Meeting reschedule');
      expect(reschedule?.expected).toBe(1);
      expect(before.ignored).toEqual([]);

      const ignored = await acme.call('POST', settings, 'qualifier', {
        kind: 'categories',
        name: 'Meeting reschedule',
        ignored: true,
      });
      expect(ignored.statusCode, ignored.body).toBe(201);
      const hidden = await acme.call('POST', settings, 'qualifier', {
        kind: 'categories',
        name: 'Meeting request',
        visibility: 'private',
      });
      expect(hidden.statusCode, hidden.body).toBe(201);

      // The earlier test keeps the scores it ended with; the next one is scored under the settings.
      expect(await scoresOf(run.id)).toMatchObject({ kinds: expect.arrayContaining([before]) });
      const next = await centre.runTest('settings', env);
      const after = await scoresOf(next.id);
      const categories = after.kinds.find((k) => k.kind === 'categories')!;
      expect(categories.classifications.map((c) => c.classification)).not.toContain('Meeting reschedule');
      expect(categories.classifications).toEqual(
        before.classifications.filter((c) => c.classification !== 'Meeting reschedule'),
      );
      expect(categories.ignored).toEqual([{ classification: 'Meeting reschedule', messages: 1 }]);
      expect(categories.private).toEqual(['Meeting request']);
      expect(categories.micro.tp + categories.micro.fn).toBe(
        before.micro.tp + before.micro.fn - reschedule!.expected,
      );
      expect(after.falses.flatMap((f) => [...f.fp, ...f.fn].map((l) => l.classification))).not.toContain(
        'Meeting reschedule',
      );
    },
  );
});
