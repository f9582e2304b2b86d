import { expect, test } from '@playwright/test';
import { corpusBytes } from '../../server/pipeline/extractor/test-support/corpus';
import { E2E_ADMIN } from './support/constants';
import { newEnvironment, signInEn } from './support/pages';

/**
 * The organisation's consumption end to end (spec §2, §9): an analysis processed by the real worker
 * shows in the count, the yearly quota and the CO2 footprint of the current contract year.
 */

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => window.localStorage.setItem('locale', 'en'));
});

test('an administrator sees an analysis counted, against the quota and in the CO2 footprint', async ({
  page,
}) => {
  await signInEn(page, E2E_ADMIN);
  const home = page.url();
  const environment = `Consumption ${Date.now()}`;
  const envId = /environment\/([0-9a-f-]{36})$/.exec(await newEnvironment(page, environment))![1];

  // One analysis through the console API, as the analyses page sends it, processed by the worker: a
  // PDF, whose reading takes measurable time (the CO2 is estimated from it).
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  const headers = { authorization: `Bearer ${token}` };
  const created = await page.request.post(`/v4/console/api/environments/${envId}/analyses`, {
    headers,
    multipart: {
      type: 'file',
      name: 'Consumption probe',
      file: {
        name: 'minimal-document.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from(corpusBytes('pdf/minimal-document.pdf')),
      },
    },
  });
  expect(created.ok()).toBe(true);
  const { id } = (await created.json()) as { id: string };
  await expect
    .poll(
      async () =>
        (
          (await (
            await page.request.get(`/v4/console/api/environments/${envId}/analyses/${id}/result`, { headers })
          ).json()) as { analysis: { status: string } }
        ).analysis.status,
      { timeout: 60_000 },
    )
    .toBe('processed');

  await page.goto(home);
  await page.getByRole('navigation').getByRole('link', { name: 'Consumption' }).click();
  await expect(page).toHaveURL(`${home}/consumption`);
  await expect(page).toHaveTitle(/^Consumption · /);

  // The demo organisation: a yearly quota of 100,000 analyses, no contract date (1 January).
  const quota = page.getByRole('region', { name: 'Yearly quota' });
  await expect(quota).toContainText(/[1-9][\d,]* \/ 100,000 analyses/);
  await expect(quota).toContainText(`Contract year since 01/01/${String(new Date().getFullYear() % 100)}`);
  await expect(quota.getByRole('progressbar', { name: 'Share of the quota used' })).toBeVisible();

  const co2 = page.getByRole('region', { name: 'CO2 footprint' });
  await expect(co2).toContainText('kg CO2');
  await expect(co2).toContainText('kWh');
  await expect(co2).toContainText(/Since \d\d\/\d\d\/\d\d, [1-9]\d* analys[ie]s/);
  await expect(co2.getByText(/kg CO2$/)).not.toHaveText(/^0 kg CO2$/);
  await co2.getByRole('button', { name: 'How is this computed?' }).click();
  await expect(co2).toContainText('12 W per busy core');

  const table = page.getByRole('table', { name: 'Per project and environment' });
  await table.getByRole('button', { name: 'Show the environments of Service client' }).click();
  await expect(table.getByRole('row', { name: environment }).getByRole('cell').first()).toHaveText('1');
});
