import os from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Vitest's default is one worker less than the cores: one worker on CI's 2-core machine, where the
// API tests mostly wait on the queue and the database. Three files at a time took the suite from
// 20 to 14 (PGlite) and 18 to 12 minutes (PostgreSQL) there, with every test passing.
const workers = Math.max(3, os.availableParallelism() - 1);

// Unit tests sit beside the code; API tests live in tests/api. End-to-end tests (tests/e2e) belong to
// Playwright and are kept out of vitest's globs.
export default defineConfig({
  plugins: [react()],
  test: {
    maxWorkers: workers,
    projects: [
      {
        extends: true,
        test: {
          name: 'console',
          include: ['src/**/*.test.{ts,tsx}', 'schemas/**/*.test.ts', 'tests/conformance/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['src/test/setup.ts'],
          // The first test to open a form also compiles its lazy chunks (rjsf, Ajv) under vite, and on
          // CI's 2 cores three workers share the CPU with PGlite's API tests: a form test of 4 s here
          // passed 15 s there (CI run of 2026-11-28), so the limit is the server project's.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: [
            'server/**/*.test.ts',
            'tests/api/**/*.test.ts',
            'tests/conformance/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
