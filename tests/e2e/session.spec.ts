import { expect, test } from '@playwright/test';
import { E2E_ADMIN, E2E_LIGHT } from './support/constants';
import { openUserMenu, signIn } from './support/pages';

test('a new user signs in, changes language and dark mode, signs out, and comes back to a private page', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();

  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/orga\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Démo' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Service client' }).first()).toBeVisible();
  await expect(page).toHaveTitle(/Démo/);

  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Profil' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await page.getByRole('radio', { name: 'English' }).check();
  await expect(page.getByText('Language', { exact: true })).toBeVisible();
  await expect(page.getByText('Dark mode')).toBeVisible();
  await page.getByRole('radio', { name: 'Français' }).check();
  await expect(page.getByText('Langue', { exact: true })).toBeVisible();

  const html = page.locator('html');
  await expect(html).not.toHaveClass(/app-dark/);
  await page.getByLabel('Mode sombre').check();
  await expect(html).toHaveClass(/app-dark/);
  await page.reload();
  await expect(html).toHaveClass(/app-dark/);
  await expect(page.getByLabel('Mode sombre')).toBeChecked();
  await page.getByLabel('Mode sombre').uncheck();

  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  // A private page without a token: 'connection lost', Login, then back to that page.
  await page.goto('/profile/password');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Connexion perdue')).toBeVisible();
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/profile\/password$/);
});

test('an unknown username and a wrong password show the same message', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'EN' }).click();
  await page.getByLabel('Username').fill('nobody@example.test');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('whatever-it-is');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(
    page.getByText('The username or password is incorrect. Please verify your input.'),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Change' }).click();
  await page.getByLabel('Username').fill(E2E_ADMIN.username);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(
    page.getByText('The username or password is incorrect. Please verify your input.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('a light account lands on the self-service area', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, E2E_LIGHT.username, E2E_LIGHT.password);
  await expect(page).toHaveURL(/\/self$/);
  await expect(page.getByRole('heading', { name: 'Mes cas d’usage' })).toBeVisible();
});

test('the /v2 prefix, signed-in login visits and titles with names', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/orga\//);

  await page.goto('/v2/profile?tab=1');
  await expect(page).toHaveURL(/\/profile\?tab=1$/);

  await page.goto('/login');
  await expect(page).not.toHaveURL(/\/login$/);

  await page.goto('/');
  await page
    .getByRole('link', { name: /^Production\b/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/project\/[0-9a-f-]{36}\/environment\/[0-9a-f-]{36}$/);
  await expect(page).toHaveTitle('Accueil · Production · Service client · Démo — Console');
  // Unknown sub-paths go back to the environment home.
  await page.goto(`${page.url()}/no-such-page`);
  await expect(page).toHaveURL(/\/environment\/[0-9a-f-]{36}$/);
});

// docs/security.md, "Sessions": logging out ends the token on the server, not only in the browser.
test('after logging out, the token read before is refused by the server', async ({ page, request }) => {
  await page.goto('/login');
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/orga\/[0-9a-f-]{36}$/);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).not.toBeNull();
  const asBefore = () =>
    request.get('/v4/console/api/user', { headers: { authorization: `Bearer ${token}` } });
  expect((await asBefore()).status()).toBe(200);

  // The profile lists this session, marked.
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Profil' }).click();
  const sessions = page.getByRole('region', { name: 'Sessions' });
  await expect(sessions.getByText('Cette session')).toBeVisible();
  await expect(sessions.getByText(/Chrome \d+ sur Linux/).first()).toBeVisible();

  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const refused = await asBefore();
  expect(refused.status()).toBe(401);
  expect((await refused.json()).code).toBe('UNAUTHENTICATED');
});
