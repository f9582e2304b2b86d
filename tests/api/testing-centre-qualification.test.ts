import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UseCaseTemplate } from '../../schemas/contracts/configuration';
import type { QualificationOverview } from '../../schemas/contracts/testing';
import type { TestPlatform } from './support/platform';
import { API, type Tenants } from './support/tenants';
import { startTestingCentre, type testingCentre } from './support/testing';

/** The qualification panel's overview (spec pipeline §2): counts per status and kind, categories, last scores. */

let t: TestPlatform;
let acme: Tenants;
let template: UseCaseTemplate;
let centre: ReturnType<typeof testingCentre>;

beforeAll(async () => {
  ({ t, acme, template, centre } = await startTestingCentre());
});
afterAll(() => t.close());

const overview = async (tag?: string) => {
  const res = await acme.call(
    'GET',
    `${API}/projects/${acme.ids.project}/qualification${tag ? `?tag=${encodeURIComponent(tag)}` : ''}`,
    'qualifier',
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as QualificationOverview;
};

describe('qualification overview', () => {
  it(
    'counts a tag’s messages per status and kind, offers the categories in use, and gives its last scores',
    { timeout: 120_000 },
    async () => {
      const env = await centre.templateEnvironment();
      const [first, second, third] = template.samples;
      await centre.addSample(first, 'panel', first.expected);
      await centre.addSample(second, 'panel', second.expected);
      const partial = await centre.addSample(third, 'panel', null);
      // Expectations of two kinds, one of them qualified: partially qualified.
      const put = await acme.call('PUT', `${centre.bank}/${partial}`, 'qualifier', {
        name: third.name,
        tags: ['panel'],
        expected: {
          categories: ['Claim declaration'],
          extracted_informations: [{ name: 'policy', value: 'P-1' }],
        },
        qualification: { categories: 'qualified' },
      });
      expect(put.statusCode, put.body).toBe(200);
      await centre.addSample(template.samples[3], 'elsewhere', null);

      const before = await overview('panel');
      expect(before.statuses).toEqual({ qualified: 2, partially_qualified: 1, not_qualified: 0 });
      expect(before.kinds.find((k) => k.kind === 'categories')).toEqual({
        kind: 'categories',
        qualified: 3,
        withExpectations: 3,
      });
      expect(before.kinds.find((k) => k.kind === 'extracted_informations')).toEqual({
        kind: 'extracted_informations',
        qualified: 0,
        withExpectations: 1,
      });
      // The bank's expectations and the project's configured categories, for labelling.
      expect(before.categories).toEqual(
        expect.arrayContaining(['Claim declaration', 'Meeting request', 'Other']),
      );
      expect(before.lastTest).toBeNull();
      // The whole bank counts the other tag's message too.
      expect((await overview()).statuses.not_qualified).toBeGreaterThanOrEqual(1);

      const test = await centre.runTest('panel', env);
      const after = await overview('panel');
      expect(after.lastTest).toMatchObject({ id: test.id, status: 'success' });
      const scores = (await acme.call('GET', `${centre.tests}/${test.id}/scores`, 'qualifier')).json().scores;
      expect(after.lastTest!.kinds[0].micro).toEqual(scores.kinds[0].micro);
    },
  );

  it('needs the qualifier level', async () => {
    const res = await acme.call('GET', `${API}/projects/${acme.ids.project}/qualification`, 'cockpit');
    expect(res.statusCode).toBe(403);
  });
});
