import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from './support/constants';
import { signInEn } from './support/pages';

/**
 * The qualification panel's labelling view walked with the keyboard (spec pipeline §2 "labelling
 * view"): → and ← between the messages, Q to qualify and go on, Ctrl+Enter to save from a field.
 */
test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => window.localStorage.setItem('locale', 'en'));
});

test('label three messages of a tag with the keyboard: next, previous, qualify', async ({ page }) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  const tag = `keys-${stamp}`;
  await signInEn(page, E2E_ADMIN);
  // The demo project, opened from the organisation's home.
  await page
    .getByRole('link', { name: /^Service client/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/project\/[0-9a-f-]{36}/);
  const projectId = /project\/([0-9a-f-]{36})/.exec(page.url())![1];
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  const headers = { authorization: `Bearer ${token}` };
  const bank = `/v4/console/api/projects/${projectId}/messages`;
  // Created c, b, a: the view shows the newest first, so a, b, c.
  for (const name of ['c', 'b', 'a']) {
    const created = await page.request.post(bank, {
      headers,
      data: {
        name: `${stamp}-${name}`,
        text: `Message ${name}: je souhaite résilier mon contrat.`,
        tags: [tag],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
  }

  await page.goto(
    `/project/${projectId}/testing-center/messages-bank/qualification?tag=${tag}&view=labelling`,
  );
  const heading = (name: string) => page.getByRole('heading', { name: `${stamp}-${name}`, level: 2 });
  await expect(heading('a')).toBeVisible();
  await expect(page.getByText('Message 1 of 3')).toBeVisible();

  // → and ← walk the messages.
  await page.keyboard.press('ArrowRight');
  await expect(heading('b')).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(heading('a')).toBeVisible();

  // a: a category typed in, the field left, Q: qualified, and the next one shows in its place.
  const categories = page.getByRole('combobox', { name: 'Message categories' });
  await categories.fill('Contract termination');
  await categories.press('Enter');
  await categories.blur();
  await page.keyboard.press('q');
  await expect(heading('b')).toBeVisible();
  // b: Q at once: it expects no category, and that is qualified too.
  await page.keyboard.press('Q');
  await expect(heading('c')).toBeVisible();
  // c: from inside the field, Ctrl+Enter saves; not qualified, it stays, the only one left.
  await categories.fill('Claim declaration');
  await categories.press('Enter');
  await categories.press('Control+Enter');
  await expect
    .poll(async () => {
      const read = await page.request.get(
        `${bank}?filter=${encodeURIComponent(JSON.stringify({ tags: tag }))}`,
        {
          headers,
        },
      );
      const all = (await read.json()) as { name: string; expected: { categories?: string[] } }[];
      return all.find((m) => m.name === `${stamp}-c`)?.expected.categories;
    })
    .toEqual(['Claim declaration']);
  await expect(heading('c')).toBeVisible();
  await categories.blur();
  await page.keyboard.press('q');
  await expect(page.getByText('No message to label with these filters.')).toBeVisible();

  // What the keyboard saved, as the API reads it.
  const saved = (await (
    await page.request.get(`${bank}?filter=${encodeURIComponent(JSON.stringify({ tags: tag }))}`, { headers })
  ).json()) as { name: string; expected: { categories?: string[] }; qualification: Record<string, string> }[];
  const byName = Object.fromEntries(saved.map((m) => [m.name.slice(stamp.length + 1), m]));
  expect(byName.a.expected.categories).toEqual(['Contract termination']);
  expect(byName.b.expected.categories ?? []).toEqual([]);
  expect(byName.c.expected.categories).toEqual(['Claim declaration']);
  for (const m of saved)
    expect(m.qualification).toMatchObject({ categories: 'qualified', attachments_categories: 'qualified' });
});
