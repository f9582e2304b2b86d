import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from './support/constants';
import { signIn } from './support/pages';
import { holdPolicy } from './support/policy';

// The console's page under its policy (docs/decisions/security-console-csp.md): no 'unsafe-eval',
// and nothing on the page needs it — the forms' validator interprets their schemas, zod is jitless.
test('the console’s page allows no eval, and its forms still validate and save under that policy', async ({
  page,
}) => {
  await holdPolicy(page);
  const answer = await page.goto('/login');
  const policy = answer?.headers()['content-security-policy'] ?? '';
  expect(policy.split('; ').find((d) => d.startsWith('script-src'))).toBe("script-src 'self'");

  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/orga\/[0-9a-f-]{36}/);
  await page.getByRole('link', { name: 'Nouveau projet' }).first().click();
  await expect(page).toHaveURL(/\/project-new$/);

  // The validator's errors, in French: a required field left empty, then a name too long.
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Ce champ est requis').first()).toBeVisible();
  await page.getByLabel('Nom').fill('x'.repeat(51));
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page).toHaveURL(/\/project-new$/);
  await expect(page.getByText(/50/).first()).toBeVisible();

  // Valid: saved.
  await page.getByLabel('Nom').fill('Politique stricte');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page).toHaveURL(/\/project\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Politique stricte' })).toBeVisible();
});
