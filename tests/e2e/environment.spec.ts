import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from './support/constants';
import { newEnvironment, signInEn } from './support/pages';

// Checked in English: the spec's messages are written in English.
test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => window.localStorage.setItem('locale', 'en'));
});

test('a configurator tunes the settings of an environment; debug and production modes never go together', async ({
  page,
}) => {
  await signInEn(page, E2E_ADMIN);
  const home = await newEnvironment(page, `Settings ${Date.now()}`);
  // env-management opens its default sub-page, as does an active-page query value.
  await page.goto(`${home}/env-management?active-page=settings`);
  await expect(page).toHaveURL(`${home}/env-management/settings`);
  await page.goto(home);
  await page
    .getByRole('navigation', { name: /environment/i })
    .getByRole('link', { name: 'Settings' })
    .click();
  await expect(page).toHaveURL(`${home}/env-management/settings`);
  await expect(page.getByText('Takes effect asynchronously: it may take a few minutes.')).toBeVisible();

  await page.getByLabel('AI debug mode').check();
  await page.getByLabel('Production mode').check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(
    page.getByText('AI debug mode and production mode cannot be active at the same time'),
  ).toBeVisible();

  await page.getByLabel('AI debug mode').uncheck();
  await page.getByLabel('Priority processing').check();
  await page.getByLabel('English').check();
  await page.getByLabel('Data retention').click();
  await page.getByRole('option', { name: 'One week' }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('AI debug mode and production mode cannot')).toHaveCount(0);
  await expect(page.getByText(/saved/i).first()).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Production mode')).toBeChecked();
  await expect(page.getByLabel('AI debug mode')).not.toBeChecked();
  await expect(page.getByLabel('Priority processing')).toBeChecked();
  await expect(page.getByLabel('English')).toBeChecked();
  await expect(page.getByLabel('Data retention')).toHaveText('One week');
});

test('deleting an environment asks for a confirmation, then it is gone', async ({ page }) => {
  await signInEn(page, E2E_ADMIN);
  const name = `Doomed ${Date.now()}`;
  const home = await newEnvironment(page, name);
  await page.goto(`${home}/env-management/settings`);
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(name);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(
    page.getByText('Deletion requested: the environment disappears in a few seconds.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/project\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('link', { name })).toHaveCount(0);
  // Its address leads nowhere any more.
  await page.goto(home);
  await expect(page.getByText(name)).toHaveCount(0);
});

test('an environment deleted in another tab sends the first tab to another environment, saying why', async ({
  page,
  context,
}) => {
  await signInEn(page, E2E_ADMIN);
  const name = `Vanishing ${Date.now()}`;
  const home = await newEnvironment(page, name);
  const envId = /environment\/([0-9a-f-]{36})$/.exec(home)![1];

  // The second tab deletes it, and waits until it is gone.
  const other = await context.newPage();
  await other.goto(`${home}/env-management/settings`);
  await other.getByRole('button', { name: 'Delete' }).click();
  await other.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(other).toHaveURL(/\/project\/[0-9a-f-]{36}$/);
  const token = await other.evaluate(() => window.localStorage.getItem('token'));
  await expect
    .poll(
      async () =>
        (
          await other.request.get(`/v4/console/api/environment/${envId}`, {
            headers: { authorization: `Bearer ${token}` },
          })
        ).status(),
      { timeout: 30_000 },
    )
    .toBe(404);

  // The first tab, still on it, moves on at its next click: to another environment, with the notice.
  await page
    .getByRole('navigation', { name: 'Environment menu' })
    .getByRole('link', { name: 'Analyses' })
    .click();
  await expect(page.getByText(/It does not exist or is not open to you: here is “.+”/)).toBeVisible();
  await expect(page).toHaveURL(/\/project\/[0-9a-f-]{36}\/environment\/[0-9a-f-]{36}$/);
  expect(page.url()).not.toContain(envId);
  await expect(page.getByText(name)).toHaveCount(0);
});
