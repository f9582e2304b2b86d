import { expect, type Page } from '@playwright/test';
import { E2E_MAIL_PORT } from './constants';
import { holdPolicy } from './policy';

/**
 * Signs in through the two-step form (French labels: the console's default language). French is
 * chosen in this browser first: the accounts are shared by specs that sign in in English, and a
 * browser without a choice takes the account's language (docs/decisions/accounts-mail-language.md).
 */
export const signIn = async (page: Page, username: string, password: string) => {
  await holdPolicy(page);
  await page.evaluate(() => window.localStorage.setItem('locale', 'fr'));
  await page.getByLabel('Nom d’utilisateur').fill(username);
  await page.getByRole('button', { name: 'Suivant' }).click();
  await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
};

/** Signs in with English labels (specs that check the spec's English messages set locale 'en'). */
export const signInEn = async (
  page: Page,
  { username, password }: { username: string; password: string },
) => {
  await holdPolicy(page);
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/orga\/[0-9a-f-]{36}/);
};

/** A new environment of the demo project, opened on its home; its name is unique to the run. */
export const newEnvironment = async (page: Page, name: string) => {
  await page
    .getByRole('link', { name: /^Service client/ })
    .first()
    .click();
  await page.getByRole('link', { name: 'New environment' }).first().click();
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/environment\/[0-9a-f-]{36}$/);
  return page.url();
};

/** Creates an environment of the demo project from the insurance use-case template, and opens it. */
export const newEnvironmentFromTemplate = async (page: Page, name: string) => {
  await page
    .getByRole('link', { name: /^Service client/ })
    .first()
    .click();
  await page.getByRole('link', { name: 'New environment' }).first().click();
  await page.getByRole('tab', { name: 'From a use-case template' }).click();
  await page.getByRole('radio', { name: /Insurance: meetings and claims/ }).check();
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Create the environment' }).click();
  await expect(page).toHaveURL(/\/environment\/[0-9a-f-]{36}$/);
};

export const openUserMenu = async (page: Page) => {
  await page.getByRole('button', { name: /Admin Demo|Test / }).click();
};

interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
}

/** Waits for a mail to `to` at the end-to-end SMTP server and returns its link to `/<page>/<token>`. */
export const linkMailedTo = async (to: string, page: 'reset-password' | 'invitation'): Promise<string> => {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (
          await fetch(`http://127.0.0.1:${E2E_MAIL_PORT}/mails`)
        ).json()) as ReceivedMail[];
        const mail = mails.filter((m) => m.to.includes(to)).at(-1);
        link = mail?.text.match(new RegExp(`https?://\\S+/${page}/[\\w-]+`))?.[0];
        return link;
      },
      { timeout: 20_000 },
    )
    .toBeTruthy();
  return link!;
};

export const resetLinkMailedTo = (to: string) => linkMailedTo(to, 'reset-password');

/**
 * Types a day into the console's date picker (MUI X: one spin button per part of the date, no
 * single input to fill), in the order the locale shows it (theme/dates.ts: mm/dd/yy in English,
 * dd/mm/yy in French).
 */
export const fillDate = async (page: Page, label: string, day: Date, locale: 'en' | 'fr' = 'en') => {
  const parts = page.getByRole('group', { name: label }).getByRole('spinbutton');
  await parts.first().click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  const two = (n: number) => String(n).padStart(2, '0');
  const [dd, mm, yy] = [two(day.getDate()), two(day.getMonth() + 1), two(day.getFullYear() % 100)];
  await page.keyboard.type(locale === 'en' ? `${mm}${dd}${yy}` : `${dd}${mm}${yy}`);
};
