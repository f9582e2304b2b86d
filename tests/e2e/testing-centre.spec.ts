import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { E2E_ADMIN } from './support/constants';
import { newEnvironmentFromTemplate, signInEn } from './support/pages';

/**
 * The testing centre end to end (spec pipeline §2–4, docs/testing-centre.md): mails imported into
 * the bank, tagged, qualified, tested against an environment made from the insurance template, and
 * read back as precision and sensitivity, with the false negative opening the analysis that
 * explains it.
 */

interface Sample {
  name: string;
  subject: string;
  text: string;
  expected: string[];
}
const samples = (
  JSON.parse(
    fs.readFileSync(path.resolve('server/environments/templates/insurance-meeting.json'), 'utf8'),
  ) as { samples: Sample[] }
).samples;

const eml = async (sample: Sample): Promise<Buffer> =>
  new MailComposer({
    from: 'Client <client@example.test>',
    to: 'service@example.test',
    subject: sample.subject,
    text: sample.text,
  })
    .compile()
    .build();

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => window.localStorage.setItem('locale', 'en'));
});

const row = (page: Page, name: string) => page.getByRole('row', { name: new RegExp(name) });

/** Qualifies a bank message's categories through its generated form: `categories` expected. */
const qualify = async (page: Page, name: string, categories: string[]) => {
  await row(page, name).click();
  const dialog = page.getByRole('dialog');
  // The innermost block holding the heading: the expected categories' list and its Add button.
  const expected = dialog
    .locator('div')
    .filter({ has: page.getByRole('heading', { name: 'Message categories' }) })
    .filter({ has: page.getByRole('button', { name: 'Add' }) })
    .last();
  for (const [index, category] of categories.entries()) {
    await expected.getByRole('button', { name: 'Add' }).click();
    await expected.getByRole('textbox').nth(index).fill(category);
  }
  await dialog.getByRole('combobox', { name: 'Message categories' }).click();
  await page.getByRole('option', { name: 'Qualified', exact: true }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
};

test('import mails into the bank, qualify and tag them, run a test, read its scores and open a false', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  await signInEn(page, E2E_ADMIN);
  await newEnvironmentFromTemplate(page, `Testing ${stamp}`);

  // The project's menu leads to the testing centre, which opens on the message bank.
  await page
    .getByRole('link', { name: /^Service client/ })
    .first()
    .click();
  await page
    .getByRole('navigation', { name: 'Project menu' })
    .getByRole('link', { name: 'Testing centre' })
    .click();
  await expect(page.getByRole('heading', { name: 'Message bank', level: 1 })).toBeVisible();

  // Five mails, and one file the bank refuses: each file's fate is told, the rest imported.
  const chosen = [samples[0], samples[2], samples[4], samples[6], samples[7]];
  await page.getByRole('button', { name: 'Import files' }).click();
  const importing = page.getByRole('dialog', { name: 'Import files' });
  await importing.getByLabel('Choose files').setInputFiles([
    ...(await Promise.all(
      chosen.map(async (s, i) => ({
        name: `${stamp}-${i}.eml`,
        mimeType: 'message/rfc822',
        buffer: await eml(s),
      })),
    )),
    { name: `${stamp}-virus.exe`, mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') },
  ]);
  await importing.getByRole('textbox', { name: 'Tags' }).fill(`run-${stamp}`);
  await expect(importing.getByRole('listitem').filter({ hasText: `${stamp}-virus.exe` })).toContainText(
    'Limit exceeded',
  );
  await importing.getByRole('button', { name: 'Import' }).click();
  await expect(importing.getByRole('status')).toHaveText('5 imported, 0 failed, 1 over the limits', {
    timeout: 30_000,
  });
  await importing.getByRole('button', { name: 'Close' }).click();

  // A batch: every imported mail gets a second tag.
  for (const i of chosen.keys()) await row(page, `${stamp}-${i}.eml`).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Edit the selection' }).click();
  const batch = page.getByRole('dialog', { name: 'Edit 5 messages' });
  await batch.getByRole('textbox', { name: 'Tags' }).fill(`batch-${stamp}`);
  await batch.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('5 messages changed')).toBeVisible();
  await expect(row(page, `${stamp}-0.eml`)).toContainText(`batch-${stamp}`);

  // Qualified as the template says, except one: the motor policy expected as a claim (an FN and an FP).
  for (const [i, sample] of chosen.entries()) {
    if (i === 4) continue;
    const expected = i === 3 ? ['Claim declaration'] : sample.expected;
    await qualify(page, `${stamp}-${i}.eml`, expected);
    await expect(row(page, `${stamp}-${i}.eml`)).toContainText('Qualified');
  }

  // The last one in the qualification panel: the tag's overview, then the labelling view, which
  // shows the mail beside its expectations and walks on once it is saved.
  await page
    .getByRole('navigation', { name: 'Testing centre menu' })
    .getByRole('link', { name: 'Qualification' })
    .click();
  await page.getByRole('combobox', { name: 'Tag (test set)' }).click();
  await page.getByRole('option', { name: `run-${stamp} (5 messages)` }).click();
  await expect(page.getByText('Qualified: 4')).toBeVisible();
  await expect(page.getByText('Not qualified: 1')).toBeVisible();
  await page.getByRole('tab', { name: 'Labelling' }).click();
  await expect(page.getByRole('heading', { name: `${stamp}-4.eml` })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(chosen[4].subject);
  const categories = page.getByRole('combobox', { name: 'Message categories' });
  await categories.fill(chosen[4].expected[0]);
  await categories.press('Enter');
  await page.getByRole('checkbox', { name: 'Message categories: expectations complete (qualified)' }).check();
  await page.getByRole('button', { name: 'Save and go to the next' }).click();
  await expect(page.getByText('No message to label with these filters.')).toBeVisible();
  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(page.getByText('Qualified: 5')).toBeVisible();

  // The test runs live, then opens on its scores.
  await page
    .getByRole('navigation', { name: 'Testing centre menu' })
    .getByRole('link', { name: 'Tests' })
    .click();
  await page.getByRole('button', { name: 'Launch a test' }).click();
  const launching = page.getByRole('dialog', { name: 'Launch a test' });
  await launching.getByRole('combobox', { name: 'Tag' }).click();
  await page.getByRole('option', { name: `run-${stamp} (5 messages)` }).click();
  await launching.getByRole('combobox', { name: 'Environment' }).click();
  await page.getByRole('option', { name: `Testing ${stamp}` }).click();
  await launching.getByRole('button', { name: 'Launch' }).click();
  await expect(page.getByRole('heading', { name: `Test “run-${stamp}”`, level: 1 })).toBeVisible();
  const scores = page.getByRole('table', { name: 'Message categories' });
  await expect(scores).toBeVisible({ timeout: 90_000 });
  await expect(page.getByRole('main').getByText('Success', { exact: true })).toBeVisible();
  // 4 of 5 right: micro precision and sensitivity 80 %.
  await expect(scores.getByRole('row', { name: /Total \(micro\)/ })).toContainText('80%');
  await expect(scores.getByRole('row', { name: /^Claim declaration/ })).toContainText('0%');
  // The priority of each category's rule, and the customised result: one classification kept.
  await expect(scores.getByRole('columnheader', { name: 'Rule priority' })).toBeVisible();
  await expect(
    scores
      .getByRole('row', { name: /^Contract termination/ })
      .getByRole('cell')
      .first(),
  ).toHaveText('10');
  const keep = page.getByRole('combobox', { name: 'Classifications to keep' });
  await keep.fill('Meeting request');
  await page.getByRole('option', { name: 'Meeting request', exact: true }).click();
  await expect(scores.getByRole('row')).toHaveCount(4);
  await expect(scores.getByRole('row', { name: /Total \(micro\)/ })).toContainText('100%');
  await keep.press('Backspace');
  await expect(scores.getByRole('row', { name: /Total \(micro\)/ })).toContainText('80%');

  // The false opens the analysis, which says which rule decided.
  const falses = page.getByRole('table', { name: 'Messages with errors (FP, FN)' });
  await expect(falses).toContainText('Contract termination');
  await falses.getByRole('link', { name: `${stamp}-3.eml` }).click();
  await expect(page.getByRole('heading', { name: `${stamp}-3.eml`, level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Categories', selected: true })).toBeVisible();
  await expect(page.getByRole('tabpanel')).toContainText('Contract termination');
  const analysisUrl = page.url();

  // A configurator switches the termination rule off: before saving, the category's form shows
  // what that would do to the test's scores, the motor policy message among those that change.
  await page.goto(analysisUrl.replace(/\/analyses\/.*$/, '/configuration?section=categories'));
  await row(page, 'Contract termination').click();
  const editing = page.getByRole('dialog');
  await editing.getByRole('checkbox', { name: 'Enabled' }).first().uncheck();
  const impact = editing.getByRole('region', { name: 'Impact on the last test' });
  await expect(impact).toContainText(`run-${stamp}`, { timeout: 15_000 });
  await expect(impact.getByRole('table', { name: 'Messages whose outcome would change' })).toContainText(
    `${stamp}-3.eml`,
  );
  await editing.getByRole('button', { name: 'Save' }).click();
  await expect(editing).toBeHidden();

  // Run again, then compare the two runs: the rule that no longer decides is named.
  await page.goto(analysisUrl.replace(/\/environment\/.*$/, '/testing-center/messages-bank/tests'));
  await page.getByRole('button', { name: 'Launch a test' }).click();
  const again = page.getByRole('dialog', { name: 'Launch a test' });
  await again.getByRole('combobox', { name: 'Tag' }).click();
  await page.getByRole('option', { name: `run-${stamp} (5 messages)` }).click();
  await again.getByRole('combobox', { name: 'Environment' }).click();
  await page.getByRole('option', { name: `Testing ${stamp}` }).click();
  await again.getByRole('button', { name: 'Launch' }).click();
  await expect(page.getByRole('table', { name: 'Message categories' })).toBeVisible({ timeout: 90_000 });
  await page.getByRole('button', { name: 'Compare with…' }).click();
  await page.getByRole('menuitem', { name: new RegExp(`run-${stamp}`) }).click();
  await expect(page.getByRole('heading', { name: 'Two tests compared', level: 1 })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(
    'The rule “termination” of “Contract termination” no longer decides',
  );
  await expect(page.getByRole('table', { name: 'Messages whose outcome changed' })).toContainText(
    `${stamp}-3.eml`,
  );
  await page.goto(analysisUrl);

  // "This should have been a claim": the analysis goes back into the bank, corrected and qualified.
  await page.getByRole('button', { name: 'Add to the message bank' }).click();
  const adding = page.getByRole('dialog', { name: 'Add to the message bank' });
  await adding.getByRole('button', { name: 'Contract termination' }).press('Backspace');
  await adding.getByRole('combobox', { name: 'Expected categories' }).fill('Claim declaration');
  await adding.getByRole('combobox', { name: 'Expected categories' }).press('Enter');
  await adding.getByRole('textbox', { name: 'Tags' }).fill(`corrected-${stamp}`);
  await adding.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Message added to the bank')).toBeVisible();
  await page.goto(page.url().replace(/\/environment\/.*$/, '/testing-center/messages-bank'));
  await expect(row(page, `${stamp}-3.eml`)).toHaveCount(2);
  await expect(page.getByRole('row').filter({ hasText: `corrected-${stamp}` })).toContainText('Qualified');
});
