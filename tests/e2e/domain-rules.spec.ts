import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from './support/constants';
import { newEnvironmentFromTemplate, signInEn } from './support/pages';

/**
 * The testing centre's parameters and domain rules (spec pipeline §2–3, §5): a domain module made,
 * a rule naming a categorisation rule of the project, that module and a priority for an
 * environment, shown in the list; the module a rule uses cannot be deleted, and the console says
 * why in the user's language.
 */

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => window.localStorage.setItem('locale', 'en'));
});

test('make a domain module and a domain rule, and keep the module while the rule uses it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const environment = `Domain ${stamp}`;
  const module = `Mails ${stamp}`;
  await signInEn(page, E2E_ADMIN);
  // An environment from the insurance template: the project gets its categorisation rules.
  await newEnvironmentFromTemplate(page, environment);
  const centre = `${page.url().replace(/\/environment\/.*$/, '')}/testing-center`;
  await page.goto(`${centre}/messages-bank`);

  const menu = page.getByRole('navigation', { name: 'Testing centre menu' });
  await menu.getByRole('link', { name: 'Parameters' }).click();
  await expect(page.getByRole('heading', { name: 'Parameters (domain modules)', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  let form = page.getByRole('dialog');
  await form.getByLabel('Name').fill(module);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('row', { name: new RegExp(`${module}.*Categorisation`) })).toBeVisible();

  await menu.getByRole('link', { name: 'Domain rules' }).click();
  await expect(page.getByRole('heading', { name: 'Domain rules', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  form = page.getByRole('dialog');
  // The project's categorisation rules are offered, each with its categories.
  await form.getByLabel('Project rule').click();
  await page.getByRole('option', { name: /^termination · Contract termination/ }).click();
  await form.getByRole('textbox', { name: /^Classification/ }).fill('Contract termination');
  await form.getByLabel('Domain module').click();
  await page.getByRole('option', { name: module }).click();
  await form.getByRole('button', { name: 'Add' }).click();
  await form.getByLabel('Environment').click();
  await page.getByRole('option', { name: environment }).click();
  await form.getByLabel('Priority').fill('5');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  const rule = page
    .getByRole('row', { name: /termination.*Contract termination/ })
    .filter({ hasText: module });
  await expect(rule).toContainText(`${environment} : 5`);

  // The module the rule uses stays, and the console says why.
  await menu.getByRole('link', { name: 'Parameters' }).click();
  await page
    .getByRole('row', { name: new RegExp(module) })
    .getByRole('checkbox')
    .check();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Confirm|Delete/ })
    .click();
  await expect(page.getByText('Domain rules (1) use this module: change or delete them first')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(module) })).toBeVisible();
});
