import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type Mail from 'nodemailer/lib/mailer';
import { corpusBytes, corpusEntry } from '../../server/pipeline/extractor/test-support/corpus';
import { E2E_ADMIN } from './support/constants';
import { newEnvironment, signInEn } from './support/pages';
import { expectInlineRefusals } from './support/policy';

/**
 * Analyses end to end (spec §2 "Core analyses", DESIGN.md §6, §9): launched from the console,
 * processed by the real worker, followed live in the list, opened, downloaded, aborted — and a
 * hostile email previewed without anything running.
 */

// The corpus has no .eml with a PDF attached: one is composed here around a corpus PDF.
const PDF = 'pdf/minimal-document.pdf';
const [PDF_PHRASE] = corpusEntry(PDF).facts.phrases as string[];

const composeEml = async (options: Mail.Options): Promise<Buffer> =>
  new MailComposer({
    from: 'Bob Smith <bob@acme.test>',
    to: 'claims@acme.test',
    date: new Date(),
    ...options,
  })
    .compile()
    .build();

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => window.localStorage.setItem('locale', 'en'));
});

/** A fresh environment (its analyses alone in the list), opened on its analyses page. */
const openAnalyses = async (page: Page, label: string) => {
  await signInEn(page, E2E_ADMIN);
  await newEnvironment(page, `${label} ${Date.now()}`);
  await page
    .getByRole('navigation', { name: 'Environment menu' })
    .getByRole('link', { name: 'Analyses' })
    .click();
  await expect(page.getByRole('heading', { name: 'Analyses', level: 1 })).toBeVisible();
};

const upload = async (page: Page, file: { name: string; mimeType: string; buffer: Buffer }, name: string) => {
  await page.getByRole('button', { name: 'New analysis' }).click();
  const dialog = page.getByRole('dialog', { name: 'New analysis' });
  await dialog.getByLabel('Choose a file').setInputFiles(file);
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('button', { name: 'Analyse' }).click();
  await expect(dialog).toBeHidden();
};

const row = (page: Page, name: string) => page.getByRole('row', { name: new RegExp(name) });

test('an uploaded email with a PDF is processed live, opened, its attachment read and its original downloaded', async ({
  page,
}) => {
  await openAnalyses(page, 'Upload');
  const eml = await composeEml({
    subject: 'Invoice March',
    text: 'Please find the invoice attached.',
    attachments: [{ filename: 'minimal-document.pdf', content: Buffer.from(corpusBytes(PDF)) }],
  });
  const name = `Invoice ${Date.now()}`;
  await upload(page, { name: 'invoice-mail.eml', mimeType: 'message/rfc822', buffer: eml }, name);
  // The list refreshes by itself: the row goes from waiting to processed without a reload.
  await expect(row(page, name)).toBeVisible();
  await expect(row(page, name)).toContainText('Processed', { timeout: 60_000 });

  await row(page, name).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByRole('tabpanel')).toContainText('Please find the invoice attached.');
  await page.getByRole('tab', { name: 'Attachments (1)' }).click();
  const attachment = page.getByRole('article', { name: 'minimal-document.pdf' });
  await expect(attachment).toContainText('application/pdf');
  await expect(attachment).toContainText(PDF_PHRASE);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download the original' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('invoice-mail.eml');
  expect(fs.statSync(await download.path()).size).toBe(eml.length);

  await page.getByRole('tab', { name: 'Trace' }).click();
  await expect(page.getByRole('row', { name: /^Extractor/ })).toContainText('Done');
});

test('a PDF’s preview draws its first page, a Word document’s shows its body', async ({ page }) => {
  await openAnalyses(page, 'Preview');
  const stamp = Date.now();
  await upload(
    page,
    { name: 'minimal-document.pdf', mimeType: 'application/pdf', buffer: Buffer.from(corpusBytes(PDF)) },
    `Scan ${stamp}`,
  );
  await upload(
    page,
    {
      name: 'docx-tables.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: Buffer.from(corpusBytes('office/docx-tables.docx')),
    },
    `Tables ${stamp}`,
  );
  for (const name of [`Scan ${stamp}`, `Tables ${stamp}`])
    await expect(row(page, name)).toContainText('Processed', { timeout: 60_000 });

  // The PDF: its first page drawn from the original, not blank.
  await row(page, `Scan ${stamp}`).click();
  await page.getByRole('tab', { name: 'Preview' }).click();
  const first = page.getByRole('img', { name: 'Page 1' });
  await expect(first).toBeVisible({ timeout: 20_000 });
  const inked = await first.evaluate((canvas) => {
    const c = canvas as HTMLCanvasElement;
    const { data } = c.getContext('2d')!.getImageData(0, 0, c.width, c.height);
    let dark = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i] + data[i + 1] + data[i + 2] < 384) dark += 1;
    return dark;
  });
  expect(inked).toBeGreaterThan(50);
  await expect(page.getByText('Preview not available: here is the text that was read.')).toBeHidden();

  // The Word document: its body's structure, in the sandboxed frame.
  await page
    .getByRole('navigation', { name: 'Environment menu' })
    .getByRole('link', { name: 'Analyses' })
    .click();
  await row(page, `Tables ${stamp}`).click();
  await page.getByRole('tab', { name: 'Preview' }).click();
  const frame = page.frameLocator('iframe[title="Document preview"]');
  await expect(frame.getByRole('cell', { name: 'Header Col 1' })).toBeVisible();
  await expect(frame.getByRole('table')).toHaveCount(4);
});

test('a simulated mail with an attachment is processed', async ({ page }) => {
  await openAnalyses(page, 'Mail');
  await page.getByRole('button', { name: 'Simulate a mail' }).click();
  const dialog = page.getByRole('dialog', { name: 'Simulate a mail' });
  await dialog.getByRole('textbox', { name: 'From' }).fill('bob@acme.test');
  await dialog.getByRole('textbox', { name: 'To' }).fill('claims.acme.test');
  const subject = `Claim ${Date.now()}`;
  await dialog.getByRole('textbox', { name: 'Subject' }).fill(subject);
  await dialog.getByRole('textbox', { name: 'Body' }).fill('My car was damaged; the report is attached.');
  await dialog.getByLabel('Add attachments').setInputFiles({
    name: 'report.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(corpusBytes(PDF)),
  });
  await dialog.getByRole('button', { name: 'Analyse the mail' }).click();
  await expect(dialog.getByText('Every address must include an @')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'To' }).fill('claims@acme.test');
  await dialog.getByRole('button', { name: 'Analyse the mail' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, subject)).toContainText('Processed', { timeout: 60_000 });
  await row(page, subject).click();
  await page.getByRole('tab', { name: 'Attachments (1)' }).click();
  await expect(page.getByRole('article', { name: 'report.pdf' })).toContainText(PDF_PHRASE);
});

test('a long analysis (OCR of every page) is aborted from its page', async ({ page }) => {
  await openAnalyses(page, 'Abort');
  // OCR mode ON makes a 12-page PDF take many seconds: time enough to abort it.
  await page
    .getByRole('navigation', { name: 'Environment menu' })
    .getByRole('link', { name: 'Extractor' })
    .click();
  await page.getByRole('combobox', { name: 'OCR mode' }).first().click();
  await page.getByRole('option', { name: 'ON — always' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Extractor settings saved')).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Environment menu' })
    .getByRole('link', { name: 'Analyses' })
    .click();

  const name = `Olap ${Date.now()}`;
  await upload(
    page,
    { name: 'fr_olap.pdf', mimeType: 'application/pdf', buffer: Buffer.from(corpusBytes('pdf/fr_olap.pdf')) },
    name,
  );
  await row(page, name).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Abort' }).click();
  await expect(page.getByText('Aborted', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reanalyze' })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Environment menu' })
    .getByRole('link', { name: 'Analyses' })
    .click();
  await expect(row(page, name)).toContainText('Aborted');
});

test('a hostile email’s preview runs none of its scripts', async ({ page }) => {
  // Its inline handlers are refused by the page's policy while the sanitizer reads them.
  await expectInlineRefusals(page);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await openAnalyses(page, 'Hostile');
  const eml = await composeEml({
    subject: 'You won',
    text: 'Claim your prize.',
    html: [
      '<p>Claim your prize.</p>',
      '<script>window.__pwned = 1; alert("script")</script>',
      '<img src="x" onerror="window.__pwned = 2; alert(\'onerror\')">',
      '<a href="javascript:alert(\'link\')">Open</a>',
      '<svg onload="window.__pwned = 3"></svg>',
    ].join(''),
  });
  const name = `Prize ${Date.now()}`;
  await upload(page, { name: 'prize.eml', mimeType: 'message/rfc822', buffer: eml }, name);
  await expect(row(page, name)).toContainText('Processed', { timeout: 60_000 });
  await row(page, name).click();
  await page.getByRole('tab', { name: 'Preview' }).click();

  const frame = page.frameLocator('iframe[title="Email preview"]');
  await expect(frame.getByText('Claim your prize.')).toBeVisible();
  await frame.getByText('Open').click();
  await page.waitForTimeout(1000);
  expect(dialogs).toEqual([]);
  expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
  const preview = page.frames().find((candidate) => candidate !== page.mainFrame());
  expect(await preview?.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
  await expect(page.locator('iframe[title="Email preview"]')).toHaveAttribute('sandbox', '');
});
