import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from './support/constants';
import { fillDate, signInEn } from './support/pages';

// Checked in English, as the other administration screens.
test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => window.localStorage.setItem('locale', 'en'));
});

test('an administrator reads who changed what in the organisation, and filters the log', async ({ page }) => {
  await signInEn(page, E2E_ADMIN);
  await expect(page).toHaveURL(/\/orga\/[0-9a-f-]{36}$/);
  const home = page.url();

  // A change to find in the log.
  const name = `Audited ${Date.now()}`;
  await page.getByRole('link', { name: 'New project' }).first().click();
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/project\/[0-9a-f-]{36}$/);

  await page.goto(home);
  await page.getByRole('navigation').getByRole('link', { name: 'Audit logs' }).click();
  await expect(page).toHaveURL(`${home}/audit-logs`);
  await expect(page).toHaveTitle(/Audit logs/);
  const table = page.getByRole('table');
  const newest = table.getByRole('row').nth(1);
  await expect(newest).toContainText('Creation');
  // The resource by its name in the reader's language, not its path (`projects`).
  await expect(newest.getByRole('cell', { name: 'Project', exact: true })).toBeVisible();
  await expect(newest).toContainText(E2E_ADMIN.username);

  await page.getByRole('combobox', { name: /^Action/ }).click();
  await page.getByRole('option', { name: 'Deletion' }).click();
  await expect(table.getByText('Creation')).toHaveCount(0);

  await page.getByRole('combobox', { name: /^Action/ }).click();
  await page.getByRole('option', { name: 'Creation' }).click();
  await fillDate(page, 'Date from', new Date(Date.now() + 86_400_000));
  await expect(table.getByText('Creation')).toHaveCount(0);
  await fillDate(page, 'Date from', new Date());
  await expect(table.getByText('Creation').first()).toBeVisible();

  await page.getByRole('combobox', { name: /^Resource/ }).click();
  await page.getByRole('option', { name: 'Member', exact: true }).click();
  await expect(table.getByRole('cell', { name: 'Project', exact: true })).toHaveCount(0);
  await page.getByRole('combobox', { name: /^Resource/ }).click();
  await page.getByRole('option', { name: 'Project', exact: true }).click();
  await expect(table.getByRole('cell', { name: 'Project', exact: true }).first()).toBeVisible();
});
