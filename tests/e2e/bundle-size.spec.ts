import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { CONSOLE_ONLY } from './support/constants';

/** DESIGN.md's budget: what a browser downloads before anyone has signed in. */
const LOGIN_JS_BUDGET = 250 * 1024;

// The same measure as `npm run bench` (bench/console-size.ts): every script Chromium fetches to show
// the login page, gzipped. Heavy parts (the code editor, rjsf, charts) must load with the pages that
// use them: a static import that drags one into the first page fails here.
test('the login page loads at most 250 KB of JavaScript, gzipped', CONSOLE_ONLY, async ({ page }) => {
  const scripts = new Map<string, Promise<number>>();
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.set(
      new URL(response.url()).pathname,
      response.body().then((body) => gzipSync(body).length),
    );
  });
  await page.goto('/login', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  const sizes = await Promise.all([...scripts.values()]);
  const total = sizes.reduce((sum, size) => sum + size, 0);
  test.info().annotations.push({ type: 'login JS (gzip)', description: `${(total / 1024).toFixed(1)} KB` });
  console.log(`login page JS: ${scripts.size} scripts, ${(total / 1024).toFixed(1)} KB gzip`);
  // BUNDLE_LIST=1: each script and its size, to see what a change added to the first page.
  if (process.env.BUNDLE_LIST)
    [...scripts.keys()].forEach((name, i) => console.log(`  ${(sizes[i] / 1024).toFixed(1)} KB ${name}`));
  expect(scripts.size).toBeGreaterThan(0);
  expect(total).toBeLessThanOrEqual(LOGIN_JS_BUDGET);
});
