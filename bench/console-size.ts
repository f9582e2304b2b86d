import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import type { Measurement } from './run';
import { startServer } from './process';

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

/**
 * What a browser downloads: the gzip size of every script Chromium fetches to show the login page
 * (measured in a real browser, so lazy chunks count when the page loads them), and of all the
 * console's JS. Needs a built console (`npm run build`).
 */
export const consoleSizeBenchmarks = async (): Promise<Measurement[]> => {
  const assets = path.resolve('dist/assets');
  if (!fs.existsSync(assets)) throw new Error('no dist/: run `npm run build` first');
  const total = fs
    .readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .reduce((sum, f) => sum + gzipSync(fs.readFileSync(path.join(assets, f))).length, 0);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-size-'));
  const server = await startServer({ DATA_DIR: dataDir, PORT: '18199' });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  let login = 0;
  try {
    const page = await browser.newPage();
    const scripts = new Set<string>();
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') scripts.add(new URL(r.url()).pathname);
    });
    await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
    for (const p of scripts) {
      const size = gzipSync(fs.readFileSync(path.join('dist', p))).length;
      login += size;
      // BENCH_LIST=1: which scripts the sign-in page loads, to see what a change added to it.
      if (process.env.BENCH_LIST) console.error(p, size);
    }
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return [
    { name: 'login page JS (gzip)', value: kb(login), unit: 'KB', target: '≤ 250 KB' },
    { name: 'all console JS (gzip)', value: kb(total), unit: 'KB' },
  ];
};
