import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN } from './support/constants';
import { signInEn } from './support/pages';

/**
 * docs/security.md, "What the browser is told": the console runs under a policy without
 * 'unsafe-eval'. Its generated forms validate with validators compiled at build time; a form that
 * compiled one in the browser would be refused by Chromium, which says so as a
 * `securitypolicyviolation` event and on the console.
 */
test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => {
    window.localStorage.setItem('locale', 'en');
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
});

const violations = (page: Page) =>
  page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

test('the generated forms validate and save under a policy without unsafe-eval', async ({ page }) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|unsafe-eval/i.test(message.text())) refused.push(message.text());
  });
  const answer = await page.goto('/login');
  const policy = answer?.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("script-src 'self'");
  expect(policy).not.toContain('unsafe-eval');

  await signInEn(page, E2E_ADMIN);
  // A create form: the validator's own message, then a save.
  await page.getByRole('link', { name: 'New project' }).first().click();
  await page.getByLabel('Name').fill('x'.repeat(51));
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('New project name cannot exceed 50 characters')).toBeVisible();
  await page.getByLabel('Name').fill('Policy check');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/project\/[0-9a-f-]{36}$/);
  // Another resource's form.
  await page.getByRole('link', { name: 'New environment' }).first().click();
  await page.getByLabel('Name').fill('Policy environment');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/environment\/[0-9a-f-]{36}$/);
  expect(await violations(page)).toEqual([]);
  // The extractor's settings: a form of its own schema, with conditional sections.
  await page.goto(`${page.url()}/extractor`);
  await expect(page.getByRole('heading', { name: 'Extractor', level: 1 })).toBeVisible();

  expect(await violations(page)).toEqual([]);
  expect(refused).toEqual([]);
});
