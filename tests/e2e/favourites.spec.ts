import { expect, test, type Locator } from '@playwright/test';
import { E2E_ADMIN } from './support/constants';
import { signIn } from './support/pages';

/** Clicks a mark's button until it shows `on` (the run may start from either state on a retry). */
const turnOn = async (card: Locator, off: string, on: string) => {
  const either = card.getByRole('button', { name: new RegExp(`^(${off}|${on})$`) });
  await expect(either).toBeVisible();
  if ((await either.getAttribute('aria-label')) === off) await either.click();
  await expect(card.getByRole('button', { name: on, exact: true })).toHaveAttribute('aria-pressed', 'true');
};

test('an administrator marks a project as favourite and pins it to quick access', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/orga\/[0-9a-f-]{36}$/);

  const card = page.getByRole('article', { name: 'Service client' });
  await turnOn(card, 'Ajouter aux favoris', 'Retirer des favoris');
  await turnOn(card, 'Épingler en accès rapide', 'Retirer de l’accès rapide');

  await page.reload();
  await expect(card.getByRole('button', { name: 'Retirer des favoris', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const menu = page.getByRole('navigation', { name: 'Menu de l’organisation' });
  await expect(menu.getByText('Accès rapide')).toBeVisible();
  const quickLink = menu.getByRole('link', { name: 'Service client' });
  await expect(quickLink).toHaveAttribute('href', /^\/project\/[0-9a-f-]{36}$/);
  await quickLink.click();
  await expect(page).toHaveURL(/\/project\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Service client', level: 1 })).toBeVisible();

  // Left as found for the other specs.
  await page.goBack();
  await card.getByRole('button', { name: 'Retirer des favoris', exact: true }).click();
  await expect(card.getByRole('button', { name: 'Ajouter aux favoris', exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Retirer de l’accès rapide', exact: true }).click();
  await expect(card.getByRole('button', { name: 'Épingler en accès rapide', exact: true })).toBeVisible();
  await expect(menu.getByText('Accès rapide')).toBeHidden();
});
