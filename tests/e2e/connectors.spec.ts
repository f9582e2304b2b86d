import { expect, test } from '@playwright/test';
import { startDovecot, type Dovecot } from '../support/dovecot';
import { E2E_ADMIN } from './support/constants';
import { newEnvironmentFromTemplate, signInEn } from './support/pages';

/**
 * A mail connector set up through the wizard against a real IMAP server (Dovecot, started here):
 * a mail delivered over LMTP appears as an analysis, and its category comes back to the server as
 * a keyword on the message (docs/connectors.md).
 */
const PASSWORD = 'e2e-mailbox-password';
let dovecot: Dovecot;

test.beforeAll(async () => {
  dovecot = await startDovecot();
  dovecot.addUser('claims', PASSWORD);
});
test.afterAll(async () => dovecot?.stop());
test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => window.localStorage.setItem('locale', 'en'));
});

test('create an IMAP connector with the wizard, receive a mail, see its analysis and its label on the server', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInEn(page, E2E_ADMIN);
  await newEnvironmentFromTemplate(page, `Mailbox ${Date.now()}`);
  const home = page.url();

  await page.getByRole('link', { name: 'Integrations' }).first().click();
  await expect(page).toHaveURL(/\/env-management\/integrations$/);
  await page.getByRole('button', { name: 'New connector' }).first().click();
  const wizard = page.getByRole('dialog');
  await wizard.getByLabel(/^Name[\s*]*$/).fill('Claims mailbox');
  await wizard.getByLabel(/^Server[\s*]*$/).fill('127.0.0.1');
  await wizard.getByRole('combobox', { name: 'Security' }).click();
  await page.getByRole('option', { name: /^None/ }).click();
  await wizard.getByLabel(/^Port[\s*]*$/).fill(String(dovecot.port));
  await wizard.getByLabel(/^User name[\s*]*$/).fill('claims');
  await wizard.getByLabel(/^Password[\s*]*$/).fill('not-the-password');
  await wizard.getByRole('button', { name: 'Next' }).click();

  // The wrong password: the check says why, and the settings can be fixed.
  await wizard.getByRole('button', { name: 'Check and activate' }).click();
  await expect(wizard.getByRole('alert')).toContainText(/password/i);
  await wizard.getByRole('button', { name: 'Fix the settings' }).click();
  await wizard.getByLabel(/^Password[\s*]*$/).fill(PASSWORD);
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByRole('button', { name: 'Check and activate' }).click();
  await expect(page).toHaveURL(/\/env-management\/integrations\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  await expect(page.getByText('Healthy').first()).toBeVisible();
  const connectorPage = page.url();

  await dovecot.deliver('claims', {
    from: 'client@example.org',
    subject: 'Demande de rendez-vous',
    text: 'Bonjour, je souhaite prendre rendez-vous avec un conseiller pour parler de mon contrat.',
    messageId: '<e2e-connector@example.org>',
  });

  await page.goto(`${home}/analyses`);
  await expect(page.getByText('Demande de rendez-vous').first()).toBeVisible({ timeout: 60_000 });

  // The label, an IMAP keyword, is read back from the server.
  await expect
    .poll(
      async () => {
        const client = await dovecot.client('claims', PASSWORD);
        try {
          await client.mailboxOpen('INBOX');
          const flags: string[] = [];
          for await (const m of client.fetch('1:*', { flags: true })) flags.push(...(m.flags ?? []));
          return flags.filter((f) => !f.startsWith('\\'));
        } finally {
          await client.logout();
        }
      },
      { timeout: 60_000 },
    )
    .not.toEqual([]);

  // The list shows the connector; deleting it (with its confirmation) ends its runs.
  await page.goto(`${home}/env-management/integrations`);
  await expect(page.getByRole('cell', { name: 'Claims mailbox' })).toBeVisible();
  await page.goto(connectorPage);
  await page.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /confirm|delete/i })
    .click();
  await expect(page).toHaveURL(/\/env-management\/integrations$/);
  await expect(page.getByRole('cell', { name: 'Claims mailbox' })).toHaveCount(0);
});
