import { expect, type Page } from '@playwright/test';

const held = new WeakSet<Page>();

/**
 * Fails the running test on anything the page's Content-Security-Policy refuses
 * (docs/decisions/security-console-csp.md): Chromium says each refusal on the console ("… violates
 * the following Content Security Policy directive …", an eval refused included, even when the page
 * catches the error), and the page's `securitypolicyviolation` events are said there too. Called by
 * the sign-in helpers, so every spec that signs in holds the policy.
 */
export const holdPolicy = async (page: Page) => {
  if (held.has(page)) return;
  held.add(page);
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `Content Security Policy violation: ${event.violatedDirective} refused ${event.blockedURI || 'inline'}`,
      );
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy|unsafe-eval/i.test(message.text()))
      expect.soft(message.text(), 'the page broke its Content-Security-Policy').toBe('');
  });
};
