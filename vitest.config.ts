import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Unit tests sit beside the code; API tests live in tests/api. End-to-end tests (tests/e2e) belong to
// Playwright and are kept out of vitest's globs.
export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'console',
          include: ['src/**/*.test.{ts,tsx}', 'schemas/**/*.test.ts', 'tests/conformance/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['src/test/setup.ts'],
          // The first test to open a form also compiles its lazy chunks (rjsf, Ajv) under vite.
          testTimeout: 15_000,
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
