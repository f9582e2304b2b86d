import { expect, test, type Page } from '@playwright/test';
import { corpusBytes } from '../../server/pipeline/extractor/test-support/corpus';
import { startWebhookReceiver } from '../api/support/webhook-receiver';
import { E2E_ADMIN } from './support/constants';
import { newEnvironment, signInEn } from './support/pages';

/**
 * Webhook delivery end to end (docs/decisions/delivery-one-job-per-attempt.md): configured in the
 * console, fed by a corpus email's analysis, watched in the delivery log through a receiver's
 * failure, replayed once it is fixed. The receiver runs in this process on loopback (the e2e server
 * allows 127.0.0.1 and retries every 200 ms, doubling, instead of every minute).
 */
test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => window.localStorage.setItem('locale', 'en'));
});

const menu = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Environment menu' }).getByRole('link', { name }).click();

const analyse = async (page: Page, name: string) => {
  await menu(page, 'Analyses');
  await page.getByRole('button', { name: 'New analysis' }).click();
  const dialog = page.getByRole('dialog', { name: 'New analysis' });
  await dialog.getByLabel('Choose a file').setInputFiles({
    name: 'nodemailer.eml',
    mimeType: 'message/rfc822',
    buffer: Buffer.from(corpusBytes('email/nodemailer.eml')),
  });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('button', { name: 'Analyse' }).click();
  await expect(dialog).toBeHidden();
};

const logRow = (page: Page, name: string) => page.getByRole('row', { name: new RegExp(name) });

test('a webhook gets a corpus email’s analysis; a broken receiver is retried, fixed, replayed and gets it once', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const receiver = await startWebhookReceiver('ok');
  try {
    await signInEn(page, E2E_ADMIN);
    await newEnvironment(page, `Webhooks ${Date.now()}`);
    await menu(page, 'Webhooks');
    await expect(page).toHaveURL(/\/env-management\/webhooks$/);
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    const form = page.getByRole('dialog');
    await form.getByRole('textbox', { name: 'Address (URL)' }).fill(receiver.url);
    await form.getByRole('button', { name: 'Save' }).click();
    const shown = page.getByRole('dialog', { name: 'The webhook’s signing secret' });
    await expect(shown).toContainText('it is shown this once');
    const secret = await shown.getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await shown.getByRole('button', { name: 'I have copied it' }).click();
    await expect(page.getByRole('row', { name: new RegExp(receiver.url) })).toContainText('Active');

    // Delivered, signed with that secret, and said so in the log and on the analysis.
    const first = `Hook ${Date.now()}`;
    await analyse(page, first);
    await receiver.until(() => receiver.accepted.size === 1, 60_000, 'the first delivery');
    expect(receiver.requests[0].signed(secret)).toBe(true);
    await menu(page, 'Webhooks');
    await expect(logRow(page, first)).toContainText('Delivered', { timeout: 15_000 });
    await menu(page, 'Analyses');
    await page.getByRole('row', { name: new RegExp(first) }).click();
    await page.getByRole('tab', { name: 'Output' }).click();
    await expect(page.getByRole('table', { name: 'Deliveries' })).toContainText('Delivered');

    // The receiver breaks: every attempt is in the log, then the delivery fails.
    receiver.setMode('error500');
    const second = `Broken ${Date.now()}`;
    await analyse(page, second);
    await menu(page, 'Webhooks');
    await expect(logRow(page, second)).toContainText('Failed', { timeout: 60_000 });
    await logRow(page, second).click();
    const delivery = page.getByRole('dialog', { name: 'Delivery' });
    const attempts = delivery.getByRole('table', { name: 'Attempts' });
    await expect(attempts.getByRole('row')).toHaveCount(8);
    await expect(attempts).toContainText('The receiver answered HTTP 500');
    const deliveryId = String(receiver.requests.at(-1)!.headers['x-delivery-id']);
    await expect(delivery).toContainText(deliveryId);

    // Fixed, replayed: delivered once.
    receiver.setMode('ok');
    await delivery.getByRole('button', { name: 'Replay' }).click();
    await expect(page.getByText('Delivery replayed')).toBeVisible();
    await delivery.getByRole('button', { name: 'Close' }).click();
    await expect(logRow(page, second)).toContainText('Delivered', { timeout: 30_000 });
    expect(receiver.accepted.get(deliveryId)).toBe(1);
    expect(receiver.requests.filter((r) => r.headers['x-delivery-id'] === deliveryId)).toHaveLength(8);
  } finally {
    await receiver.close();
  }
});
