import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from './support/constants';
import { signInEn } from './support/pages';

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => window.localStorage.setItem('locale', 'en'));
});

test('a configurator creates an access key, a machine uses it, and revoking it shuts the machine out', async ({
  page,
  request,
}) => {
  await signInEn(page, E2E_ADMIN);
  await page
    .getByRole('link', { name: /^Service client/ })
    .first()
    .click();
  await page
    .getByRole('navigation')
    .getByRole('link', { name: /^Production\b/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/environment\/[0-9a-f-]{36}$/);
  await page.getByRole('navigation').getByRole('link', { name: 'Access keys' }).click();
  await expect(page).toHaveURL(/\/env-management\/access-keys$/);

  const name = `Gateway ${Date.now()}`;
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await page.getByRole('dialog').getByLabel('Name').fill(name);
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  const shown = page.getByRole('dialog', { name: 'Your new access key' });
  await expect(shown).toContainText('it is shown this once');
  const secret = await shown.getByLabel('Access key').inputValue();
  expect(secret).toMatch(/^ak_/);
  await shown.getByRole('button', { name: 'I have copied it' }).click();

  // The machine's side: the public API with the key.
  const call = () => request.get('/v4/api/environment', { headers: { authorization: `Bearer ${secret}` } });
  const answer = await call();
  expect(answer.status()).toBe(200);
  expect((await answer.json()).name).toBe('Production');

  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText(secret.slice(0, 10));
  await expect(row).not.toContainText(secret.slice(10));
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Confirm|Delete/ })
    .click();
  // While the confirmation is open the list is hidden from the accessibility tree, rows included:
  // the revocation has been answered once the dialog has closed.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
  expect((await call()).status()).toBe(401);
});
