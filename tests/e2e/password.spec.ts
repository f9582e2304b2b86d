import { expect, test } from '@playwright/test';
import { E2E_EXPIRED, E2E_FORGETFUL } from './support/constants';
import { resetLinkMailedTo, signIn } from './support/pages';

test('forgotten password: the mailed link sets a new password, once', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Adresse e-mail').fill(E2E_FORGETFUL.username);
  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(page.getByText(/Si un compte utilise cette adresse/)).toBeVisible();

  const link = await resetLinkMailedTo(E2E_FORGETFUL.username);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choisir un nouveau mot de passe' })).toBeVisible();
  const newPassword = 'Freshly-Chosen-Pass-9';
  await page.getByLabel('Nouveau mot de passe').fill(newPassword);
  await page.getByLabel('Confirmation du mot de passe').fill('Something-Else-12');
  await expect(page.getByText('Les mots de passe ne sont pas identiques')).toBeVisible();
  await page.getByLabel('Confirmation du mot de passe').fill(newPassword);
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  await expect(page).toHaveURL(/\/login/);

  await signIn(page, E2E_FORGETFUL.username, newPassword);
  await expect(page).toHaveURL(/\/orga\//);

  // The link served once: opened again, it says so and offers a new one.
  await page.evaluate(() => localStorage.removeItem('token'));
  await page.goto(link);
  await expect(page.getByText(/Ce lien de réinitialisation est invalide ou a expiré/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Générer un nouveau lien' })).toBeVisible();
});

test('an expired password leads to the expired-password reset page', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, E2E_EXPIRED.username, E2E_EXPIRED.password);
  await expect(page).toHaveURL(/\/reset-password\/[\w-]+\?hasExpired=true$/);
  await expect(page.getByRole('heading', { name: 'Votre mot de passe a expiré' })).toBeVisible();
  const renewed = 'Renewed-Expired-Pass-3';
  await page.getByLabel('Nouveau mot de passe').fill(renewed);
  await page.getByLabel('Confirmation du mot de passe').fill(renewed);
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, E2E_EXPIRED.username, renewed);
  await expect(page).toHaveURL(/\/orga\//);
});
