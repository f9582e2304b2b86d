import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN } from './support/constants';
import { newEnvironment, signInEn } from './support/pages';

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => window.localStorage.setItem('locale', 'en'));
});

const retentionOf = async (page: Page, home: string) => {
  await page.goto(`${home}/env-management/settings`);
  return page.getByLabel('Data retention');
};

const setRetention = async (page: Page, home: string, label: string) => {
  await (await retentionOf(page, home)).click();
  await page.getByRole('option', { name: label }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/saved/i).first()).toBeVisible();
};

test('a configurator exports a configuration and imports it back; bad files are refused and change nothing', async ({
  page,
}) => {
  await signInEn(page, E2E_ADMIN);
  const home = await newEnvironment(page, `Portable ${Date.now()}`);
  await page.getByRole('navigation').getByRole('link', { name: 'Import / export' }).click();
  await expect(page).toHaveURL(`${home}/env-management/import-export`);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the configuration' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^Portable-\d+-configuration\.json$/);
  const exported = JSON.parse(fs.readFileSync(await download.path(), 'utf8'));
  expect(exported).toMatchObject({ format: 'environment-configuration', version: 1 });

  const file = page.getByLabel('Configuration file');
  await file.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not json at all'),
  });
  await expect(page.getByRole('alert').filter({ hasText: 'notes.txt' })).toContainText('is not a JSON file');

  await file.setInputFiles({
    name: 'future.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ ...exported, version: 99 })),
  });
  await expect(page.getByRole('dialog')).toContainText('deletes the existing entities');
  await page.getByRole('button', { name: 'Delete and replace' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'version 99' })).toContainText(
    'is not a version this platform reads',
  );

  const changed = { ...exported, settings: { ...exported.settings, retention: 'OneYear' } };
  await file.setInputFiles({
    name: 'changed.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(changed)),
  });
  await page.getByRole('button', { name: 'Delete and replace' }).click();
  await expect(page.getByText('Configuration imported: 0 entities')).toBeVisible();
  await expect(await retentionOf(page, home)).toHaveText('One year');

  // The same file makes a new environment.
  await page.goto(home.replace(/\/environment\/.*$/, '/env-new'));
  await page.getByRole('tab', { name: 'From a configuration file' }).click();
  const copy = `Copy ${Date.now()}`;
  await page.getByLabel('Name').fill(copy);
  await page.getByLabel('Configuration file').setInputFiles({
    name: 'changed.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(changed)),
  });
  await page.getByRole('button', { name: 'Create the environment' }).click();
  await expect(page).toHaveURL(/\/environment\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: copy })).toBeVisible();
  await expect(await retentionOf(page, page.url())).toHaveText('One year');
});

test('a configurator saves a version, compares it with the environment and restores it', async ({ page }) => {
  await signInEn(page, E2E_ADMIN);
  const name = `Versioned ${Date.now()}`;
  const home = await newEnvironment(page, name);
  await setRetention(page, home, 'One week');

  const project = home.replace(/\/environment\/.*$/, '');
  await page.goto(project);
  await page.getByRole('navigation').getByRole('link', { name: 'Versions' }).click();
  await expect(page).toHaveURL(`${project}/versions`);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  const form = page.getByRole('dialog');
  await form.getByLabel('Name').fill('Baseline');
  await form.getByLabel('Environment').click();
  await page.getByRole('option', { name }).click();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('row', { name: new RegExp(`Baseline.*${name}`) })).toBeVisible();

  await setRetention(page, home, 'One year');
  await page.goto(`${project}/versions`);
  await page.getByLabel('Version', { exact: true }).click();
  await page.getByRole('option', { name: `Baseline · ${name}` }).click();
  await page.getByRole('button', { name: 'Compare', exact: true }).click();
  const differences = page.getByRole('table', { name: 'Compare and restore' });
  await expect(differences.getByRole('row', { name: /settings\.retention/ })).toContainText('"OneWeek"');
  await expect(differences.getByRole('row', { name: /settings\.retention/ })).toContainText('"OneYear"');

  await page.getByRole('button', { name: 'Restore this version' }).click();
  await expect(page.getByRole('dialog')).toContainText('replaces the whole current configuration');
  await page.getByRole('dialog').getByRole('button', { name: 'Restore this version' }).click();
  await expect(page.getByText(/Version restored/)).toBeVisible();
  await expect(await retentionOf(page, home)).toHaveText('One week');
});
