import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { largeConfiguration } from '../tests/support/large-configuration';
import { median, signInApi, startServer } from './process';
import type { Measurement } from './run';

const ADMIN = { email: 'bench-graph@example.com', password: 'Bench-graph-Admin-1' };
const API = '/v4/console/api';
const ROUNDS = 5;

/**
 * The graph view of a 500-node configuration in Chromium (laid out in ≤ 1 s; docs/performance.md,
 * "Graph"): the built product started as `npm start` does, the configuration imported through the
 * API, the page opened ROUNDS times. Reports ELK's layout (in its web worker, the folding included:
 * the page's `graph-layout` measure) and the time from the page's start to the nodes drawn. Needs a
 * built console (`npm run build`).
 */
export const graphBenchmarks = async (): Promise<Measurement[]> => {
  if (!fs.existsSync('dist/index.html')) throw new Error('no dist/: run `npm run build` first');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-graph-'));
  const server = await startServer({
    DATA_DIR: dataDir,
    PORT: '18207',
    SEED_ADMIN_EMAIL: ADMIN.email,
    SEED_ADMIN_PASSWORD: ADMIN.password,
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const { call, token } = await signInApi(server.url, ADMIN);
    const [org] = await call<{ id: string }[]>(token, 'GET', `${API}/organisations`);
    const filter = encodeURIComponent(JSON.stringify({ organisationId: org.id }));
    const [project] = await call<{ id: string }[]>(token, 'GET', `${API}/projects?filter=${filter}`);
    const empty = await call<{ id: string }>(token, 'POST', `${API}/projects/${project.id}/environments`, {
      name: 'Bench graph export',
    });
    const exported = await call<Record<string, unknown>>(
      token,
      'GET',
      `${API}/environments/${empty.id}/configuration`,
    );
    const env = await call<{ id: string }>(
      token,
      'POST',
      `${API}/projects/${project.id}/environments/import`,
      {
        name: 'Bench graph',
        configuration: largeConfiguration(exported),
      },
    );

    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript((t) => window.localStorage.setItem('token', t), token);
    const page = await context.newPage();
    const layouts: number[] = [];
    const drawn: number[] = [];
    let nodes = 0;
    for (let round = 0; round < ROUNDS; round++) {
      await page.goto(`${server.url}/project/${project.id}/environment/${env.id}/graph`);
      await page.locator('.react-flow__node').first().waitFor({ timeout: 60_000 });
      const figures = await page.evaluate(() => ({
        layout: performance.getEntriesByName('graph-layout')[0]?.duration ?? NaN,
        drawn: performance.now(),
        nodes: document.querySelectorAll('.react-flow__node').length,
      }));
      layouts.push(figures.layout);
      drawn.push(figures.drawn);
      nodes = figures.nodes;
    }
    return [
      {
        name: `500-node graph (${nodes} drawn): layout, median of ${ROUNDS}`,
        value: Math.round(median(layouts)),
        unit: 'ms',
        target: '≤ 1000',
      },
      { name: '500-node graph: page start to nodes drawn', value: Math.round(median(drawn)), unit: 'ms' },
    ];
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
};
