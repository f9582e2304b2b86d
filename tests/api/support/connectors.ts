import { expect } from 'vitest';
import type { UseCaseTemplate } from '../../../schemas/contracts/configuration';
import { API, type Tenants } from './tenants';

// What the mail connectors' API tests share: an environment that categorises and drafts replies,
// and the waits on what a run brings in.

/**
 * An environment of the tenants' project made from the first use-case template (it categorises and
 * drafts replies), and the template's French sample message.
 */
export const mailEnvironment = async (tenants: Tenants, name: string) => {
  const [template] = (
    await tenants.call('GET', `${API}/use-case-templates`, 'configurator')
  ).json() as UseCaseTemplate[];
  const created = await tenants.call(
    'POST',
    `${API}/projects/${tenants.ids.project}/environments/import`,
    'admin',
    {
      name,
      configuration: template.configuration,
    },
  );
  expect(created.statusCode, created.body).toBe(201);
  return {
    env: created.json().id as string,
    sample: template.samples.find((s) => s.language === 'fr')!,
  };
};

/** Reads until `done` holds, failing with the last value read after `ms`. */
export const waitUntil = async <T>(
  read: () => Promise<T>,
  done: (v: T) => boolean,
  ms = 30_000,
): Promise<T> => {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out; last: ${JSON.stringify(v).slice(0, 2000)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
};

/** The environment's analyses (a thousand at most), as the console lists them. */
export const analysesOf = async (tenants: Tenants, env: string) =>
  (await tenants.call('GET', `${API}/environments/${env}/analyses?range=[0,999]`, 'configurator')).json() as {
    name: string;
    id: string;
    status: string;
  }[];
