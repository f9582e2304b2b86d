import { expect, test, type Locator, type Page } from '@playwright/test';
import { corpusBytes } from '../../server/pipeline/extractor/test-support/corpus';
import { E2E_ADMIN } from './support/constants';
import { newEnvironment, newEnvironmentFromTemplate, signInEn } from './support/pages';

/**
 * Issue "analysis engine part 2", acceptance 4: from an empty environment a configurator builds an
 * archetype, an interaction on it, a context and a server, a category with a rule on the
 * interaction; analyses a corpus email; sees the category and the words that decided it; disables
 * the interaction and sees the rule flagged.
 */
test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => window.localStorage.setItem('locale', 'en'));
});

const section = async (page: Page, name: string) => {
  await page
    .getByRole('navigation', { name: 'Configuration elements' })
    .getByRole('button', { name })
    .click();
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
};

/** Opens the create dialog of the current section. */
const createDialog = async (page: Page): Promise<Locator> => {
  await page.getByRole('button', { name: 'Create' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  return dialog;
};

/** Adds an item to the array field titled `label`; answers the field, where the new item's inputs are. */
const addItem = async (dialog: Locator, label: string) => {
  const field = dialog
    .locator('div')
    .filter({ has: dialog.page().getByRole('heading', { name: label, exact: true }) })
    .filter({ has: dialog.page().getByRole('button', { name: 'Add' }) })
    .last();
  await field.getByRole('button', { name: 'Add' }).last().click();
  return field;
};

const save = async (dialog: Locator) => {
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
};

test('a configurator builds a rule from words to category, sees it decide on a corpus email, and sees it flagged', async ({
  page,
}) => {
  await signInEn(page, E2E_ADMIN);
  await newEnvironment(page, `NLU ${Date.now()}`);
  const menu = page.getByRole('navigation', { name: 'Environment menu' });
  await menu.getByRole('link', { name: 'Configuration' }).click();
  await expect(page.getByRole('heading', { name: 'Configuration', level: 1 })).toBeVisible();

  await section(page, 'Archetypes');
  let dialog = await createDialog(page);
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('unicode words');
  const expressions = await addItem(dialog, 'Expressions');
  await expressions.getByRole('textbox', { name: 'Term or regular expression' }).fill('unicode');
  await save(dialog);
  await expect(page.getByRole('row', { name: /unicode words/ })).toBeVisible();
  // The AI variations helper adds the accepted forms as terms.
  await page.getByRole('button', { name: 'AI variations' }).click();
  await page.getByRole('textbox', { name: 'Term' }).fill('unicode');
  await page.getByRole('button', { name: 'Propose variations' }).click();
  await page.getByRole('button', { name: 'unicodes (plural)' }).click();
  await page.getByRole('combobox', { name: 'Add to archetype' }).click();
  await page.getByRole('option', { name: 'unicode words' }).click();
  await page.getByRole('button', { name: 'Add 1 term' }).click();
  await expect(page.getByText('1 term added to “unicode words”')).toBeVisible();

  await section(page, 'Contexts');
  dialog = await createDialog(page);
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('mail');
  await save(dialog);

  await section(page, 'Interactions');
  dialog = await createDialog(page);
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('mentions unicode');
  // References are picked, not typed (docs/decisions/resources-reference-pickers.md): the
  // environment's contexts and archetypes, and the built-in archetypes.
  const contexts = await addItem(dialog, 'Contexts');
  await contexts.getByRole('combobox', { name: 'Contexts 1' }).click();
  await page.getByRole('option', { name: 'mail', exact: true }).click();
  const parameters = await addItem(dialog, 'Parameters');
  await parameters.getByRole('spinbutton', { name: 'Position' }).fill('1');
  await parameters.getByRole('textbox', { name: 'Parameter name' }).fill('word');
  await parameters.getByRole('combobox', { name: 'Linked archetype' }).click();
  await expect(page.getByRole('option', { name: 'date', exact: true })).toBeVisible();
  await page.getByRole('option', { name: 'unicode words', exact: true }).click();
  await save(dialog);

  await section(page, 'Servers');
  dialog = await createDialog(page);
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('main');
  const serverContexts = await addItem(dialog, 'Associated contexts');
  await serverContexts.getByRole('combobox', { name: 'Associated contexts 1' }).click();
  await page.getByRole('option', { name: 'mail', exact: true }).click();
  await save(dialog);
  await expect(page.getByRole('row', { name: /main/ })).toContainText('Stopped');
  await expect(page.getByRole('row', { name: /main/ })).toContainText('mail');
  // The context's row names the server that loads it and counts its interaction.
  await section(page, 'Contexts');
  await expect(page.getByRole('row', { name: /mail/ })).toContainText(/main\s*1/);

  await section(page, 'Categories');
  dialog = await createDialog(page);
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Unicode mail');
  const rules = await addItem(dialog, 'Rules');
  await rules.getByRole('textbox', { name: 'Rule name' }).fill('talks about unicode');
  await rules.getByRole('spinbutton', { name: 'Priority (lowest first)' }).fill('1');
  // The criterion tests an interaction (its default type): its name is picked among them.
  await rules.getByRole('combobox', { name: 'Name tested' }).first().click();
  await page.getByRole('option', { name: 'mentions unicode', exact: true }).click();
  await save(dialog);
  await expect(page.getByRole('row', { name: /Unicode mail/ })).toContainText(
    'talks about unicode: interaction mentions unicode',
  );

  // A corpus email whose subject says "unicode".
  await menu.getByRole('link', { name: 'Analyses' }).click();
  await page.getByRole('button', { name: 'New analysis' }).click();
  const upload = page.getByRole('dialog', { name: 'New analysis' });
  await upload.getByLabel('Choose a file').setInputFiles({
    name: 'nodemailer.eml',
    mimeType: 'message/rfc822',
    buffer: Buffer.from(corpusBytes('email/nodemailer.eml')),
  });
  await upload.getByRole('button', { name: 'Analyse' }).click();
  await expect(upload).toBeHidden();
  const row = page.getByRole('row', { name: /nodemailer/ });
  await expect(row).toContainText('Processed', { timeout: 60_000 });
  await row.click();
  await page.getByRole('tab', { name: 'Categories' }).click();
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByTestId('category')).toContainText('Unicode mail');
  await expect(panel.getByTestId('category')).toContainText('by rule “talks about unicode”');
  await expect(panel.locator('mark', { hasText: /unicode/i }).first()).toBeVisible();

  // Disabling the interaction flags the rule.
  await menu.getByRole('link', { name: 'Configuration' }).click();
  await section(page, 'Interactions');
  await page.getByRole('row', { name: /mentions unicode/ }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByRole('checkbox', { name: 'Enabled' }).uncheck();
  await save(dialog);
  await section(page, 'Categories');
  await expect(page.getByRole('alert').filter({ hasText: 'flagged rule' })).toContainText(
    "Rule “talks about unicode” of category “Unicode mail”: it refers to the disabled interaction 'mentions unicode'",
  );
});

test('an environment made from a use-case template categorises a mail of its use case out of the box', async ({
  page,
}) => {
  await signInEn(page, E2E_ADMIN);
  await newEnvironmentFromTemplate(page, `Insurance ${Date.now()}`);

  const menu = page.getByRole('navigation', { name: 'Environment menu' });
  await menu.getByRole('link', { name: 'Configuration' }).click();
  await section(page, 'Categories');
  await expect(page.getByRole('row', { name: /Meeting request/ })).toBeVisible();

  await menu.getByRole('link', { name: 'Analyses' }).click();
  await page.getByRole('button', { name: 'Simulate a mail' }).click();
  const dialog = page.getByRole('dialog', { name: 'Simulate a mail' });
  await dialog.getByRole('textbox', { name: 'From' }).fill('james@example.com');
  await dialog.getByRole('textbox', { name: 'To' }).fill('advisor@insurer.example');
  const subject = `Meeting about my car insurance ${Date.now()}`;
  await dialog.getByRole('textbox', { name: 'Subject' }).fill(subject);
  await dialog
    .getByRole('textbox', { name: 'Body' })
    .fill(
      'Hello, could we arrange a meeting with my advisor next week? I am available on Tuesday afternoon.',
    );
  await dialog.getByRole('button', { name: 'Analyse the mail' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(subject) });
  await expect(row).toContainText('Processed', { timeout: 60_000 });
  await row.click();
  await page.getByRole('tab', { name: 'Categories' }).click();
  await expect(page.getByRole('tabpanel').getByTestId('category')).toContainText('Meeting request');
});
