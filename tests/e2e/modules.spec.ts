import { expect, test } from '@playwright/test';
import { corpusBytes } from '../../server/pipeline/extractor/test-support/corpus';
import { E2E_ADMIN } from './support/constants';
import { newEnvironmentFromTemplate, signInEn } from './support/pages';

/**
 * The modules page (spec pipeline §2, §4): a configurator orders the pipeline, limits the
 * categorization to emails, deactivates the reply generator, which deletes its templates, and
 * has the output send the NLU's interactions; an analysis of pasted text then shows all three.
 */
test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => window.localStorage.setItem('locale', 'en'));
});

test('a configurator orders the modules, sets one input type, deactivates one, and analyses follow', async ({
  page,
}) => {
  await signInEn(page, E2E_ADMIN);
  await newEnvironmentFromTemplate(page, `Modules ${Date.now()}`);

  const menu = page.getByRole('navigation', { name: 'Environment menu' });
  await menu.getByRole('link', { name: 'Modules' }).click();
  const pipeline = page.getByRole('list', { name: 'Pipeline' });
  await expect(pipeline.getByRole('listitem')).toHaveCount(6);
  await expect(page.getByRole('button', { name: 'Move NLU down' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Move Output up' })).toBeDisabled();

  await page.getByRole('button', { name: 'Move Information extraction up' }).click();
  await expect(pipeline.getByRole('listitem').nth(2)).toContainText('3. Information extraction');

  await page.getByRole('link', { name: 'Settings of Categorization' }).click();
  await page.getByRole('combobox', { name: 'Input type' }).click();
  await page.getByRole('option', { name: 'Emails' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Module settings saved')).toBeVisible();
  await page.getByRole('link', { name: 'Back to the modules' }).click();
  await expect(pipeline.getByRole('listitem').nth(3)).toContainText('Reads: Emails');

  await page.getByRole('button', { name: 'Deactivate Reply generator' }).click();
  const dialog = page.getByRole('dialog', { name: 'Deactivate the module Reply generator?' });
  await expect(dialog).toContainText('2 reply templates');
  await dialog.getByRole('button', { name: 'Deactivate and delete' }).click();
  await expect(page.getByRole('button', { name: 'Add Reply generator' })).toBeVisible();
  await expect(pipeline.getByRole('listitem')).toHaveCount(5);

  // The output sends the NLU's interactions too; nothing selected would warn.
  await page.getByRole('link', { name: 'Settings of Output' }).click();
  const choices = page.getByRole('group', { name: 'What the integration receives' });
  await choices.getByRole('checkbox', { name: 'NLU output' }).check();
  // The categorization's toast may still be shown: it would pass for this save's before the save
  // ended, and leaving then would ask about unsaved changes. So it goes first.
  const saved = page.getByText('Module settings saved');
  await expect(saved).toHaveCount(0);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(saved).toBeVisible();
  await page.getByRole('link', { name: 'Back to the modules' }).click();

  await menu.getByRole('link', { name: 'Reply templates' }).click();
  await expect(page.getByRole('row', { name: /signature/ })).toHaveCount(0);

  await menu.getByRole('link', { name: 'Analyses' }).click();
  await page.getByRole('button', { name: 'New analysis' }).click();
  const upload = page.getByRole('dialog', { name: 'New analysis' });
  await upload.getByRole('tab', { name: 'Paste text' }).click();
  await upload.getByRole('textbox', { name: 'Text' }).fill('I would like a meeting with my advisor.');
  const name = `Pasted ${Date.now()}`;
  await upload.getByRole('textbox', { name: 'Name' }).fill(name);
  await upload.getByRole('button', { name: 'Analyse' }).click();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Processed', { timeout: 60_000 });
  await row.click();
  await page.getByRole('tab', { name: 'Trace' }).click();
  await expect(page.getByRole('row', { name: /^Categorization/ })).toContainText(
    'The Categorization module reads emails only; this analysis is pasted text',
  );
  await expect(page.getByRole('row', { name: /^Reply template/ })).toContainText(
    'The Reply generator module is not active in this environment',
  );
  await page.getByRole('tab', { name: 'Output' }).click();
  const payload = page.getByRole('region', { name: 'Payload sent' });
  await expect(payload).toContainText('"interactions"');
  // The reply generator is gone: no reply to send.
  await expect(payload).toContainText('"reply": null');
});

test('a configurator adds the OCR data extraction, declares a field and reads it on the test page', async ({
  page,
}) => {
  await signInEn(page, E2E_ADMIN);
  await newEnvironmentFromTemplate(page, `OCR data ${Date.now()}`);

  const menu = page.getByRole('navigation', { name: 'Environment menu' });
  await menu.getByRole('link', { name: 'Modules' }).click();
  await page.getByRole('button', { name: 'Add OCR data extraction' }).click();
  await page.getByRole('link', { name: 'Settings of OCR data extraction' }).click();

  const section = page.getByRole('region', { name: 'What the OCR data extraction reads' });
  await section.getByRole('button', { name: 'Add a field' }).click();
  const field = section.getByRole('group', { name: 'Field 1' });
  await field.getByRole('textbox', { name: 'Key' }).fill('published');
  await field.getByRole('combobox', { name: 'Labels' }).fill('The Crazy Ones');
  await field.getByRole('combobox', { name: 'Labels' }).press('Enter');
  await field.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Date' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Module settings saved')).toBeVisible();

  await section.getByRole('link', { name: 'Test on a file' }).click();
  await page.getByLabel('Choose a file').setInputFiles({
    name: 'crazyones-pdfa.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(corpusBytes('pdf/crazyones-pdfa.pdf')),
  });
  const table = page.getByRole('table', { name: 'Fields read in crazyones-pdfa.pdf' });
  await expect(table.getByRole('row', { name: /published/ })).toContainText('October 14, 1998');
  await expect(table.getByRole('row', { name: /published/ })).toContainText('The Crazy Ones');
});

test('a configurator adds a post-processing rule from the menu, and the trace of an analysis says it applied', async ({
  page,
}) => {
  await signInEn(page, E2E_ADMIN);
  await newEnvironmentFromTemplate(page, `Post-processing ${Date.now()}`);

  const menu = page.getByRole('navigation', { name: 'Environment menu' });
  await menu.getByRole('link', { name: 'Modules' }).click();
  await page.getByRole('button', { name: 'Add Post-processing' }).click();
  await menu.getByRole('link', { name: 'Post-processing' }).click();

  const section = page.getByRole('region', { name: 'Post-processing rules' });
  await section.getByRole('button', { name: 'Add a rule' }).click();
  const rule = section.getByRole('group', { name: 'Rule 1' });
  await rule.getByRole('textbox', { name: 'Name' }).fill('meeting');
  await rule.getByRole('textbox', { name: 'Condition (Twig)' }).fill("'meeting' in text|lower");
  await rule.getByRole('textbox', { name: 'Taint' }).fill('followUp');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Module settings saved')).toBeVisible();

  await menu.getByRole('link', { name: 'Analyses' }).click();
  await page.getByRole('button', { name: 'New analysis' }).click();
  const upload = page.getByRole('dialog', { name: 'New analysis' });
  await upload.getByRole('tab', { name: 'Paste text' }).click();
  await upload.getByRole('textbox', { name: 'Text' }).fill('I would like a Meeting with my advisor.');
  const name = `Post-processed ${Date.now()}`;
  await upload.getByRole('textbox', { name: 'Name' }).fill(name);
  await upload.getByRole('button', { name: 'Analyse' }).click();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Processed', { timeout: 60_000 });
  await row.click();
  await page.getByRole('tab', { name: 'Trace' }).click();
  await expect(page.getByRole('row', { name: /^Post-processing/ })).toContainText(
    '1 of 1 rule applied (meeting)',
  );
});
