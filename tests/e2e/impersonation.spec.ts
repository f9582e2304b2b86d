import { expect, test } from '@playwright/test';
import { E2E_ADMIN, E2E_FORGETFUL } from './support/constants';
import { signInEn } from './support/pages';

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => window.localStorage.setItem('locale', 'en'));
});

test('platform staff act as a user in an environment, with that user’s rights, then stop', async ({
  page,
}) => {
  await signInEn(page, E2E_ADMIN);
  await page.getByRole('button', { name: 'Admin Demo' }).click();
  await page.getByRole('menuitem', { name: 'Act as a user' }).click();
  await expect(page).toHaveURL(/\/impersonate$/);

  const choose = async (label: string, option: string | RegExp) => {
    await page.getByRole('combobox', { name: label }).click();
    await page.getByRole('option', { name: option }).click();
  };
  await choose('Organisation', 'Démo');
  await choose('User', new RegExp(`^${E2E_FORGETFUL.username}`));
  await choose('Project', 'Service client');
  await choose('Environment', 'Production');
  await page.getByRole('button', { name: 'Act as this user' }).click();

  await expect(page).toHaveURL(/\/environment\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('status')).toContainText(`Acting as ${E2E_FORGETFUL.username} in Production`);
  // The user's own rights: a qualifier sees no settings of the environment.
  await expect(page.getByRole('button', { name: 'Test forgetful' })).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Settings' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(page).toHaveURL(/\/orga\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('status')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Admin Demo' })).toBeVisible();
});
