import { expect, test } from '@playwright/test';
import { E2E_ADMIN, E2E_MAIL_PORT } from './support/constants';
import { newEnvironmentFromTemplate, signInEn } from './support/pages';

/**
 * The environment dashboard end to end (spec §4, §6; docs/decisions/dashboard-one-read.md):
 * analyses processed by the real worker in an environment made from the insurance template (its
 * categorisation decides their categories) show in the dashboard of the last week; a category opens
 * the analyses list filtered on it.
 */

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => window.localStorage.setItem('locale', 'en'));
});

const MEETING = {
  text: 'Hello,\n\nCould we arrange a meeting with my advisor next week to review my car insurance? I am available on Tuesday or Thursday afternoon.\n\nBest regards,\nJames Carter',
};

test('filter the dashboard to the last week, read its figures and drill into a category', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInEn(page, E2E_ADMIN);
  await newEnvironmentFromTemplate(page, `Dashboard ${Date.now()}`);
  const home = page.url();
  const envId = /environment\/([0-9a-f-]{36})$/.exec(home)![1];

  // Two analyses through the console API, as the analyses page sends them, processed by the worker.
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  const headers = { authorization: `Bearer ${token}` };
  const ids: string[] = [];
  for (const name of ['Meeting one', 'Meeting two']) {
    const created = await page.request.post(`/v4/console/api/environments/${envId}/analyses`, {
      headers,
      data: { type: 'text', name, text: MEETING.text },
    });
    expect(created.ok(), await created.text()).toBe(true);
    ids.push(((await created.json()) as { id: string }).id);
  }
  for (const id of ids) {
    await expect
      .poll(
        async () =>
          (
            (await (
              await page.request.get(`/v4/console/api/environments/${envId}/analyses/${id}/result`, {
                headers,
              })
            ).json()) as { analysis: { status: string } }
          ).analysis.status,
        { timeout: 60_000 },
      )
      .toBe('processed');
  }

  await page
    .getByRole('navigation', { name: 'Environment menu' })
    .getByRole('link', { name: 'Dashboard' })
    .click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/^Dashboard/);

  // The last week: seven days, today included.
  await page.getByRole('spinbutton', { name: 'Last' }).fill('1');
  await page.getByRole('combobox', { name: 'Unit' }).click();
  await page.getByRole('option', { name: 'weeks' }).click();
  await expect(page).toHaveURL(/\?last=1&unit=weeks$/);
  await expect(page.getByText(/^From \d\d\/\d\d\/\d\d to \d\d\/\d\d\/\d\d, per day$/)).toBeVisible();

  await expect(page.getByRole('region', { name: 'Overview' })).toContainText('Analyses2');
  const statuses = page.getByRole('table', { name: 'Analyses by status' });
  await expect(statuses.getByRole('row')).toHaveCount(1 + 7 + 1);
  await expect(statuses.getByRole('row').last()).toContainText('Total');
  // The chart is drawn too (MUI X Charts, loaded with the page).
  await expect(page.getByRole('region', { name: 'Analyses by status' }).locator('svg').first()).toBeVisible();

  // The worker's traces and extracted data, as the trigger of migration 021 kept them.
  const steps = page.getByRole('table', { name: 'Processing time' });
  await expect(steps.getByRole('row', { name: /^Whole analysis/ })).toContainText(/^Whole analysis2/);
  await expect(steps.getByRole('row', { name: /^NLU/ })).toContainText(/^NLU2/);
  const fields = page.getByRole('table', { name: 'Extracted fields filled' });
  await expect(fields.getByRole('row', { name: /^Proposed date/ })).toContainText('100%');
  await expect(fields.getByRole('row', { name: /^Claim number/ })).toContainText('0%');

  const categories = page.getByRole('table', { name: 'Categories' });
  await expect(categories.getByRole('row', { name: /Meeting request/ })).toContainText('2');
  await categories.getByRole('link', { name: 'Meeting request' }).click();

  await expect(page.getByRole('heading', { name: 'Analyses', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/analyses\?filter=/);
  await expect(page.getByRole('textbox', { name: 'Category' })).toHaveValue('Meeting request');
  await expect(page.getByRole('row', { name: /Meeting one/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Meeting two/ })).toBeVisible();
});

/**
 * A timeout alert end to end (spec pipeline §3, §4; docs/decisions/dashboard-alerts.md): created in
 * the console from the dashboard, it mails its address once an analysis stays unfinished past its
 * delay — here one created with the manual final status, which waits pending for its PATCH after
 * processing — with a link to those analyses; its firing is listed on the alerts page.
 */
test('create a timeout alert, stall an analysis, receive the mail and see the firing', async ({ page }) => {
  test.setTimeout(180_000);
  await signInEn(page, E2E_ADMIN);
  const name = `Alerts ${Date.now()}`;
  await newEnvironmentFromTemplate(page, name);
  const envId = /environment\/([0-9a-f-]{36})$/.exec(page.url())![1];
  const address = `alerts-${Date.now()}@example.test`;

  await page
    .getByRole('navigation', { name: 'Environment menu' })
    .getByRole('link', { name: 'Dashboard' })
    .click();
  await page.getByRole('link', { name: 'Alerts' }).click();
  await expect(page.getByRole('heading', { name: 'Alerts', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/alerts$/);

  await page.getByRole('button', { name: 'Create' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Alert' });
  await dialog.getByRole('combobox', { name: /^Type/ }).click();
  await page.getByRole('option', { name: 'Delay exceeded' }).click();
  await dialog.getByRole('spinbutton', { name: /^Delay \(minutes\)/ }).fill('1');
  await dialog.getByRole('textbox', { name: /^Email address/ }).fill(address);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(address) });
  await expect(row).toContainText('Delay exceeded');
  await expect(row).toContainText('Enabled');

  // An analysis that waits for its manual final status stays pending once processed: it stalls.
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  const created = await page.request.post(`/v4/console/api/environments/${envId}/analyses`, {
    headers: { authorization: `Bearer ${token}` },
    data: { type: 'text', name: 'Waiting for its status', text: MEETING.text, manualFinalStatus: true },
  });
  expect(created.ok(), await created.text()).toBe(true);

  // A minute later, the next evaluation mails it, in the language of the browser that saved the
  // alert (the specs' browser is French, whatever the console's language).
  let mail: { subject: string; text: string } | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (await fetch(`http://127.0.0.1:${E2E_MAIL_PORT}/mails`)).json()) as {
          to: string;
          subject: string;
          text: string;
        }[];
        mail = mails.find((m) => m.to.includes(address));
        return mail?.subject;
      },
      { timeout: 120_000, intervals: [2000] },
    )
    .toBe(`Alerte : 1 analyse non terminée depuis plus de 1 minute dans ${name}`);
  expect(mail!.text).toContain('Waiting for its status');
  const link = /https?:\/\/\S+\/analyses\?filter=\S+/.exec(mail!.text)![0];

  // The firing is listed under the alerts.
  await page.reload();
  await expect(page.getByRole('row', { name: /Waiting for its status/ })).toContainText('Delay exceeded');

  // The mail's link opens the environment's unfinished analyses.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Analyses', level: 1 })).toBeVisible();
  await expect(page.getByRole('row', { name: /Waiting for its status/ })).toBeVisible();
});
