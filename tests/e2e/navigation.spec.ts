import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from './support/constants';
import { signInEn } from './support/pages';

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => window.localStorage.setItem('locale', 'en'));
});

test('the rapid navigation finds environments by name and lists the pages visited last', async ({ page }) => {
  await signInEn(page, E2E_ADMIN);
  await page
    .getByRole('link', { name: /^Service client/ })
    .first()
    .click();
  await expect(page).toHaveTitle(/Service client/);

  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Rapid navigation' });
  await expect(dialog.getByText('Recent pages')).toBeVisible();
  await expect(dialog.getByRole('link', { name: /Service client/ }).first()).toBeVisible();

  await dialog.getByLabel('Organisation, project or environment').fill('recet');
  await dialog.getByRole('link', { name: /^Recette/ }).click();
  await expect(page).toHaveURL(/\/environment\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Recette' })).toBeVisible();

  await page.getByRole('button', { name: 'Go to… (Ctrl+K)' }).click();
  await dialog.getByLabel('Organisation, project or environment').fill('no such thing');
  await expect(dialog.getByText('Nothing by that name.')).toBeVisible();
});
