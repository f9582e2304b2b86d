import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from './support/constants';
import { linkMailedTo, signInEn } from './support/pages';

// These screens are checked in English: the spec's messages are written in English.
test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => window.localStorage.setItem('locale', 'en'));
});

test('an administrator creates a project and an environment; the spec messages guard names', async ({
  page,
}) => {
  await signInEn(page, E2E_ADMIN);
  await page.getByRole('link', { name: 'New project' }).first().click();
  await expect(page).toHaveURL(/\/project-new$/);
  await page.getByLabel('Name').fill('x'.repeat(51));
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('New project name cannot exceed 50 characters')).toBeVisible();
  await page.getByLabel('Name').fill('Claims triage');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/project\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Claims triage' })).toBeVisible();

  await page.getByRole('link', { name: 'New environment' }).first().click();
  await page.getByLabel('Name').fill('Pre-production');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/environment\/[0-9a-f-]{36}$/);
  await expect(page).toHaveTitle(/Pre-production · Claims triage/);

  await page.goBack();
  await page.goto(page.url().replace(/\/environment\/.*$/, '/env-new'));
  await page.getByLabel('Name').fill('PRE-PRODUCTION');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('This name is already used for an environment in this project')).toBeVisible();
});

test('an invited member accepts, gets qualifier rights on one project and sees only what a qualifier may', async ({
  page,
  browser,
}) => {
  await signInEn(page, E2E_ADMIN);
  const orgHome = page.url();
  await page.getByRole('link', { name: 'Invite a user' }).first().click();
  await page.getByLabel('Email').fill('new.member@example.test');
  await page.getByLabel('First name').fill('Nina');
  await page.getByLabel('Last name').fill('Member');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('new.member@example.test')).toBeVisible();

  const link = await linkMailedTo('new.member@example.test', 'invitation');
  const invitee = await (await browser.newContext()).newPage();
  await invitee.addInitScript(() => window.localStorage.setItem('locale', 'en'));
  await invitee.goto(link);
  await invitee.getByLabel('Username').fill('nina');
  await invitee.getByLabel('New password').fill('Nina-Chosen-Pass-1');
  await invitee.getByLabel('Password confirmation').fill('Nina-Chosen-Pass-1');
  await invitee.getByRole('button', { name: 'Accept the invitation' }).click();
  await expect(invitee).toHaveURL(/\/orga\/[0-9a-f-]{36}/);
  // No project level yet: the member sees no project.
  await expect(invitee.getByRole('link', { name: 'Service client' })).toHaveCount(0);

  // The administrator gives Nina the qualifier level on one project.
  await page.goto(`${orgHome}?tab=members`);
  await page.getByRole('cell', { name: 'nina', exact: true }).click();
  await expect(page).toHaveURL(/\/edit-user\//);
  await page.getByRole('button', { name: /add/i }).first().click();
  await page.getByLabel('Project').click();
  await page.getByRole('option', { name: 'Service client' }).click();
  await page.getByLabel('Access level').click();
  await page.getByRole('option', { name: 'Qualifier' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/tab=members/);

  await invitee.reload();
  await invitee.getByRole('link', { name: 'Service client' }).first().click();
  await expect(invitee).toHaveURL(/\/project\/[0-9a-f-]{36}$/);
  await expect(invitee.getByRole('link', { name: /^Production\b/ }).first()).toBeVisible();
  // A qualifier sees no configuration: no environment creation, no hidden environment.
  await expect(invitee.getByRole('link', { name: 'New environment' })).toHaveCount(0);
  await expect(invitee.getByText('Recette')).toHaveCount(0);
  await invitee.context().close();
});
