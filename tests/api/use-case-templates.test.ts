import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UseCaseTemplate } from '../../schemas/contracts/configuration';
import { postAnalysisForm, waitForAnalysis } from './support/analyses';
import { startTestPlatform, type TestPlatform } from './support/platform';
import { API, buildTenants, type Tenants } from './support/tenants';

let t: TestPlatform;
let acme: Tenants;

beforeAll(async () => {
  t = await startTestPlatform();
  acme = await buildTenants(t);
});
afterAll(() => t.close());

describe('use-case templates (spec platform-shell §3)', () => {
  it('lists the three templates, with their French, to any member, and nobody else', async () => {
    const res = await acme.call('GET', `${API}/use-case-templates`, 'cockpit');
    expect(res.statusCode).toBe(200);
    const templates = res.json() as UseCaseTemplate[];
    expect(templates.map((tpl) => tpl.key)).toEqual([
      'insurance:meeting',
      'tourism:airline-messages',
      'retail:quotes-and-orders',
    ]);
    // With the French of their descriptions, which the console applies for a French user.
    for (const tpl of templates) expect(Object.keys(tpl.translations.fr).length).toBeGreaterThan(30);
    expect((await acme.call('GET', `${API}/use-case-templates`, 'anonymous')).statusCode).toBe(401);
  });

  it('makes an environment that analyses the template’s own sample into its category, through the real worker', async () => {
    const [template] = (
      await acme.call('GET', `${API}/use-case-templates`, 'configurator')
    ).json() as UseCaseTemplate[];
    const created = await acme.call(
      'POST',
      `${API}/projects/${acme.ids.project}/environments/import`,
      'admin',
      {
        name: 'From a template',
        configuration: template.configuration,
      },
    );
    expect(created.statusCode, created.body).toBe(201);
    const env = created.json().id as string;
    const sample = template.samples.find((s) => s.language === 'fr')!;
    const analysis = await postAnalysisForm(t.app, `${API}/environments/${env}/analyses`, acme.auth.admin, {
      type: 'mail',
      from: 'client@example.com',
      to: 'service@example.com',
      subject: sample.subject,
      body: sample.text,
    });
    expect(analysis.statusCode, analysis.body).toBe(201);
    const { result } = await waitForAnalysis(async () =>
      (
        await acme.call('GET', `${API}/environments/${env}/analyses/${analysis.json().id}/result`, 'admin')
      ).json(),
    );
    expect(result!.categories.map((c) => c.name).sort()).toEqual([...sample.expected].sort());
  });
});
