import { expect, test, type Page } from '@playwright/test';
import { largeConfiguration } from '../support/large-configuration';
import { E2E_ADMIN } from './support/constants';
import { newEnvironmentFromTemplate, signInEn } from './support/pages';

/**
 * The graph view end to end (docs/decisions/dashboard-graph-view.md): an environment made from the
 * insurance template shows its configuration with no dangling reference; searching an archetype
 * focuses its neighbourhood, clicking it opens its editor. A 500-node configuration is laid out
 * without overlapping boxes, and its screenshot is kept with the test's results.
 */

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => window.localStorage.setItem('locale', 'en'));
});

const openGraph = async (page: Page) => {
  await page
    .getByRole('navigation', { name: 'Environment menu' })
    .getByRole('link', { name: 'Graph' })
    .click();
  await expect(page.getByRole('heading', { name: 'Graph', level: 1 })).toBeVisible();
  // Laid out: React Flow draws the nodes once ELK has placed them.
  await expect(page.locator('.react-flow__node').first()).toBeVisible({ timeout: 30_000 });
};

test('open the graph of a template environment, search an archetype and open its editor', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInEn(page, E2E_ADMIN);
  await newEnvironmentFromTemplate(page, `Graph ${Date.now()}`);
  await openGraph(page);
  await expect(page.getByText('No missing reference, no unused archetype, no flagged rule.')).toBeVisible();
  // The pipeline's modules are drawn, in words.
  await expect(page.getByTestId('graph-node-module:1')).toContainText('NLU');

  // Search an archetype: the graph shows its neighbourhood alone.
  const archetype = (
    await page.evaluate(async () => {
      const envId = /environment\/([0-9a-f-]{36})/.exec(location.pathname)![1];
      const res = await fetch(`/v4/console/api/environments/${envId}/graph`, {
        headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
      });
      return ((await res.json()) as { nodes: { kind: string; name: string; unused: boolean }[] }).nodes;
    })
  ).find((n) => n.kind === 'archetype' && !n.unused)!;
  await page.getByLabel('Search an item').fill(archetype.name);
  await page.getByRole('option', { name: archetype.name, exact: true }).click();
  const node = page.getByTestId(`graph-node-archetype:${archetype.name}`);
  await expect(node).toBeVisible();
  await expect(page.getByTestId('graph-node-module:1')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Show everything' })).toBeVisible();

  // Clicking it opens its editor, on the archetype itself.
  await node.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Name', { exact: false }).first()).toHaveValue(archetype.name);
});

test('lays out a 500-node configuration legibly', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await signInEn(page, E2E_ADMIN);
  await newEnvironmentFromTemplate(page, `Graph large ${Date.now()}`);
  const template = /\/project\/([0-9a-f-]{36})\/environment\/([0-9a-f-]{36})$/.exec(page.url())!;
  const [projectId, envId] = [template[1], template[2]];
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  const headers = { authorization: `Bearer ${token}` };
  const exported = await (
    await page.request.get(`/v4/console/api/environments/${envId}/configuration`, { headers })
  ).json();
  const created = await page.request.post(`/v4/console/api/projects/${projectId}/environments/import`, {
    headers,
    data: { name: `Graph 500 ${Date.now()}`, configuration: largeConfiguration(exported) },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const large = ((await created.json()) as { id: string }).id;
  await page.goto(`/project/${projectId}/environment/${large}`);
  await openGraph(page);
  await expect(page.getByText(/^5\d\d items, \d+ links$/)).toBeVisible();

  // Legible: at the whole graph's zoom no two boxes overlap, and every node is drawn.
  const boxes = await page.locator('.react-flow__node').evaluateAll((nodes) =>
    nodes.map((n) => {
      const r = n.getBoundingClientRect();
      return { x: r.x, y: r.y, w: r.width, h: r.height };
    }),
  );
  expect(boxes.length).toBeGreaterThanOrEqual(500);
  const overlapping = boxes.filter((a, i) =>
    boxes.some(
      (b, j) =>
        j > i &&
        a.x < b.x + b.w - 0.5 &&
        b.x < a.x + a.w - 0.5 &&
        a.y < b.y + b.h - 0.5 &&
        b.y < a.y + a.h - 0.5,
    ),
  );
  expect(overlapping).toEqual([]);
  const overview = testInfo.outputPath('graph-500-nodes.png');
  await page.screenshot({ path: overview });
  await testInfo.attach('graph-500-nodes', { path: overview, contentType: 'image/png' });

  // Focused on one interaction, its neighbourhood alone is drawn, at a readable size (two thirds of
  // the boxes' size at least): its context, its two archetypes and the rule that tests it.
  await page.getByLabel('Search an item').fill('interaction 41');
  await page.getByRole('option', { name: 'interaction 41', exact: true }).click();
  const focused = page.getByTestId('graph-node-interaction:interaction 41');
  await expect(focused).toBeInViewport();
  await expect(page.locator('.react-flow__node')).toHaveCount(5);
  await expect
    .poll(async () => (await focused.boundingBox())?.height ?? 0, { timeout: 5_000 })
    .toBeGreaterThanOrEqual(36);
  const focusedShot = testInfo.outputPath('graph-500-nodes-focused.png');
  await page.screenshot({ path: focusedShot });
  await testInfo.attach('graph-500-nodes-focused', { path: focusedShot, contentType: 'image/png' });
});
