import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from './support/constants';
import { newEnvironment, signInEn } from './support/pages';

/**
 * The NLU labelling view walked with the keyboard (spec pipeline §5, the servers' labeling flag):
 * the messages a labelling server read, each interaction judged, the message qualified.
 */
test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => window.localStorage.setItem('locale', 'en'));
});

test('judge the NLU of three messages with the keyboard: next, previous, verdict, qualify', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInEn(page, E2E_ADMIN);
  const home = await newEnvironment(page, `Labelling ${Date.now()}`);
  const envId = /environment\/([0-9a-f-]{36})$/.exec(home)![1];
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  const headers = { authorization: `Bearer ${token}` };
  const api = `/v4/console/api/environments/${envId}`;
  const create = async (path: string, data: object) => {
    const res = await page.request.post(`${api}/${path}`, { headers, data });
    expect(res.status(), await res.text()).toBe(201);
  };
  await create('archetypes', { name: 'cancel', expressions: [{ type: 'term', value: 'résilier' }] });
  await create('archetypes', { name: 'contract', expressions: [{ type: 'term', value: 'contrat' }] });
  await create('contexts', { name: 'care', languages: ['fr'] });
  await create('interactions', {
    name: 'cancellation',
    contexts: ['care'],
    parameters: [
      { position: 1, name: 'action', archetype: 'cancel' },
      { position: 2, name: 'object', archetype: 'contract' },
    ],
  });
  await create('servers', { name: 'main', aiVersion: 'v5', contexts: ['care'], labeling: true });
  // Created c, b, a: the view shows the newest first, so a, b, c.
  for (const name of ['c', 'b', 'a']) {
    const res = await page.request.post(`${api}/analyses`, {
      headers,
      multipart: { type: 'text', name, text: `Message ${name} : je veux résilier mon contrat.` },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await expect
    .poll(
      async () => (await (await page.request.get(`${api}/nlu-labelling`, { headers })).json()).items.length,
      {
        timeout: 60_000,
      },
    )
    .toBe(3);

  await page.goto(`${home}/nlu-labelling`);
  const heading = (name: string) => page.getByRole('heading', { name, level: 2 });
  const verdict = page.getByRole('group', { name: 'Verdict on “cancellation”' });
  /** A message's name shows at once; its keys act once its reading has loaded. */
  const shown = async (name: string) => {
    await expect(heading(name)).toBeVisible();
    await expect(verdict).toBeVisible();
  };
  await shown('a');
  await expect(page.getByText('0 of 3 messages labelled')).toBeVisible();
  await expect(page.locator('mark', { hasText: 'résilier' })).toBeVisible();

  await page.keyboard.press('ArrowRight');
  await shown('b');
  await page.keyboard.press('ArrowLeft');
  await shown('a');
  // a: its one interaction is right; Q qualifies and shows the next.
  await page.keyboard.press('q');
  await shown('b');
  // b: 1 says its interaction is wrong, Enter qualifies.
  await page.keyboard.press('1');
  await expect(verdict.getByRole('button', { name: 'Wrong' })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Enter');
  await shown('c');
  await page.keyboard.press('j');
  await page.keyboard.press('q');
  await expect(page.getByText('3 of 3 messages labelled')).toBeVisible();
  await expect(page.getByText('NLU precision: 66.7% (2 of 3 interactions right)')).toBeVisible();

  const saved = (await (await page.request.get(`${api}/nlu-labelling`, { headers })).json()) as {
    items: { name: string; labelling: string; verdicts: string[] }[];
  };
  expect(Object.fromEntries(saved.items.map((i) => [i.name, i.verdicts]))).toEqual({
    a: ['right'],
    b: ['wrong'],
    c: ['right'],
  });
});
