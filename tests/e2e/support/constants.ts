/**
 * Accounts and ports shared by the end-to-end servers and the specs. E2E_PORT moves every port, so
 * that a second run (a CI check beside a developer's) can use the same machine.
 *
 * Playwright runs E2E_WORKERS workers, each against a platform of its own (playwright.config.ts
 * starts one per worker): worker i (Playwright's TEST_PARALLEL_INDEX) talks to the platform on
 * E2E_PORT + 2i, whose mailbox listens on the port after it. A platform's server process is given
 * its own E2E_PORT and has no worker index.
 */
export const E2E_FIRST_PORT = Number(process.env.E2E_PORT ?? 4173);
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
/** The port of worker `index`'s platform. */
export const e2ePort = (index: number) => E2E_FIRST_PORT + 2 * index;
export const E2E_PORT = e2ePort(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
export const E2E_MAIL_PORT = E2E_PORT + 1;
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;

/**
 * Tags a test whose answer does not depend on the database (the console's words, its downloads, its
 * layout): CI's second run, on PostgreSQL, leaves it out (scripts/test.mjs, --database-only).
 */
export const CONSOLE_ONLY = { tag: '@console-only' };

export const E2E_ADMIN = { username: 'admin@example.test', password: 'E2e-Admin-Password-1' };
export const E2E_LIGHT = { username: 'light@example.test', password: 'E2e-Light-Password-1' };
/** Signs in into a 410: the password is older than PASSWORD_MAX_AGE. */
export const E2E_EXPIRED = { username: 'expired@example.test', password: 'E2e-Expired-Password-1' };
/** Goes through the forgotten-password flow (its password changes during the run). */
export const E2E_FORGETFUL = { username: 'forgetful@example.test', password: 'E2e-Forgetful-Password-1' };
/** Changes its own password in the profile, so no other spec signs in with it. */
export const E2E_PROFILE = { username: 'profile@example.test', password: 'E2e-Profile-Password-1' };
