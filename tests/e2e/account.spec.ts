import { expect, test } from '@playwright/test';
import { E2E_PROFILE } from './support/constants';
import { signIn } from './support/pages';

const RENEWED = 'Changed-In-Profile-5';

// A light account of its own: its password changes here, so no other spec signs in with it.
test('changing the password in the profile keeps this session and ends the others', async ({
  page,
  browser,
}) => {
  await page.goto('/login');
  await signIn(page, E2E_PROFILE.username, E2E_PROFILE.password);
  await expect(page).toHaveURL(/\/self$/);

  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto('/login');
  await signIn(otherPage, E2E_PROFILE.username, E2E_PROFILE.password);
  await expect(otherPage).toHaveURL(/\/self$/);

  await page.goto('/profile/password');
  await page.getByLabel('Mot de passe actuel').fill(E2E_PROFILE.password);
  await page.getByLabel('Nouveau mot de passe').fill(RENEWED);
  await page.getByLabel('Confirmation du mot de passe').fill(RENEWED);
  await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
  await expect(page.getByText('Votre mot de passe a été modifié.')).toBeVisible();

  // This session goes on with its new token…
  await page.goto('/self');
  await expect(page.getByRole('heading', { name: 'Mes cas d’usage' })).toBeVisible();
  // …the other one was revoked: its next call answers 401, and it is sent to Login.
  await otherPage.goto('/profile');
  await expect(otherPage).toHaveURL(/\/login$/);
  await expect(otherPage.getByText('Connexion perdue')).toBeVisible();
  await other.close();
});

test('the LocalStorage Cleaner lists what the console keeps and clearing it signs out', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, E2E_PROFILE.username, RENEWED);
  await expect(page).toHaveURL(/\/self$/);
  await page.goto('/utils/local-storage-cleaner');
  await expect(page).toHaveTitle(/LocalStorage Cleaner/);
  await expect(page.getByRole('cell', { name: 'token', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Tout effacer' }).click();
  await page
    .getByRole('button', { name: /Confirmer|Effacer/ })
    .last()
    .click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.length)).toBe(0);
});

test('the test-colours page shows the theme', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, E2E_PROFILE.username, RENEWED);
  await expect(page).toHaveURL(/\/self$/);
  await page.goto('/test-colours');
  await expect(page.getByRole('heading', { name: 'Test des couleurs' })).toBeVisible();
  const primary = page.locator('button.MuiButton-containedPrimary').first();
  await expect(primary).toHaveCSS('background-color', 'rgb(106, 27, 154)');
});
