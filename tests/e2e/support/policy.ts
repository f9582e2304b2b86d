import { expect, type Page } from '@playwright/test';

interface Held {
  inlineRefusalsExpected: boolean;
}
const held = new WeakMap<Page, Held>();

/** A refusal of inline script or of an inline event handler (not of eval, nor of another host). */
const inlineRefusal = (text: string) =>
  /inline event handler|inline script|script-src-attr|refused inline/i.test(text);

/**
 * Fails the running test on anything the console page's Content-Security-Policy refuses
 * (docs/decisions/security-console-csp.md): Chromium says each refusal on the console ("… violates
 * the following Content Security Policy directive …", an eval refused included, even when the page
 * catches the error), and the page's `securitypolicyviolation` events are said there too. Called by
 * the sign-in helpers, so every spec that signs in holds the policy.
 */
export const holdPolicy = async (page: Page) => {
  if (held.has(page)) return;
  const state: Held = { inlineRefusalsExpected: false };
  held.set(page, state);
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `Content Security Policy violation: ${event.violatedDirective} refused ${event.blockedURI || 'inline'}`,
      );
    });
  });
  page.on('console', (message) => {
    const text = message.text();
    if (!/Content Security Policy|unsafe-eval/i.test(text)) return;
    if (state.inlineRefusalsExpected && inlineRefusal(text)) return;
    expect.soft(text, 'the page broke its Content-Security-Policy').toBe('');
  });
};

/**
 * For a spec that shows hostile HTML (an email's preview): the sanitizer's parse of its inline
 * handlers is refused by the policy, as it should be. Eval and other hosts still fail the test.
 */
export const expectInlineRefusals = async (page: Page) => {
  await holdPolicy(page);
  held.get(page)!.inlineRefusalsExpected = true;
};
