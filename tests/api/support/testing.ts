import { expect } from 'vitest';
import type { UseCaseTemplate } from '../../../schemas/contracts/configuration';
import { startTestPlatform } from './platform';
import { API, buildTenants, type Tenants } from './tenants';

/**
 * The testing centre as a qualifier drives it through the API: an environment made from a use-case
 * template, its samples added to the bank with their expectations, a test launched and awaited.
 */
export const testingCentre = (acme: Tenants, template: UseCaseTemplate) => {
  const bank = `${API}/projects/${acme.ids.project}/messages`;
  const tests = `${API}/projects/${acme.ids.project}/tests`;

  /** An environment made from the template, which categorises its samples as they say. */
  const templateEnvironment = async () => {
    const created = await acme.call(
      'POST',
      `${API}/projects/${acme.ids.project}/environments/import`,
      'admin',
      {
        name: `${template.name.en} ${Math.random().toString(36).slice(2, 8)}`,
        configuration: template.configuration,
      },
    );
    expect(created.statusCode, created.body).toBe(201);
    return created.json().id as string;
  };

  /** A template sample added to the bank as the simulated mail it is, with tags and expectations (qualified). */
  const addSample = async (
    sample: UseCaseTemplate['samples'][number],
    tags: string,
    expected: string[] | null,
  ): Promise<string> => {
    const res = await acme.call('POST', `${bank}/upload`, 'qualifier', {
      type: 'mail',
      from: 'client@example.com',
      to: 'service@example.com',
      subject: sample.subject,
      body: sample.text,
      name: sample.name,
      tags,
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as string;
    if (expected) {
      const put = await acme.call('PUT', `${bank}/${id}`, 'qualifier', {
        name: sample.name,
        tags: tags.split(','),
        expected: { categories: expected },
        qualification: { categories: 'qualified' },
      });
      expect(put.statusCode, put.body).toBe(200);
    }
    return id;
  };

  /** Waits for a test to end, reading it as the console's progress bar does. */
  const ended = async (id: string) => {
    for (let i = 0; i < 600; i++) {
      const res = await acme.call('GET', `${tests}/${id}`, 'qualifier');
      expect(res.statusCode, res.body).toBe(200);
      if (res.json().status !== 'running') return res.json();
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error('the test did not end');
  };

  /** Launches a test of the tag on the environment and answers it once it ended. */
  const runTest = async (tag: string, environmentId: string) => {
    const launched = await acme.call('POST', tests, 'qualifier', {
      tag,
      environmentId,
      manualStatusUpdate: 'disabled',
    });
    expect(launched.statusCode, launched.body).toBe(201);
    return ended(launched.json().id as string);
  };

  return { bank, tests, templateEnvironment, addSample, ended, runTest };
};

/**
 * A platform with the role matrix's tenants and the testing centre on the first use-case template:
 * the set-up of the testing centre's API tests.
 */
export const startTestingCentre = async () => {
  const t = await startTestPlatform();
  const acme = await buildTenants(t);
  const [template] = (
    await acme.call('GET', `${API}/use-case-templates`, 'configurator')
  ).json() as UseCaseTemplate[];
  return { t, acme, template, centre: testingCentre(acme, template) };
};
