import { defineConfig } from '@playwright/test';
import { E2E_BASE_URL, E2E_WORKERS, e2ePort } from './tests/e2e/support/constants';

// End-to-end tests in Debian's Chromium (never a downloaded browser), against the real platform
// started by tests/e2e/support/server.ts on a fresh database: one platform per worker, so that the
// specs of two workers never share a database or a mailbox (tests/e2e/support/constants.ts).
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: process.env.CI ? 1 : 0,
  // Two workers share CI's two cores: a test runs up to about twice as long as alone (60 s before).
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: E2E_BASE_URL,
    locale: 'fr-FR',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: Array.from({ length: E2E_WORKERS }, (_, index) => ({
    command: 'node --import tsx tests/e2e/support/server.ts',
    url: `http://127.0.0.1:${e2ePort(index)}/healthz`,
    env: { E2E_PORT: String(e2ePort(index)) },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
  })),
});
