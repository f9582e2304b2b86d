/**
 * Accounts and ports shared by the end-to-end server and the specs. E2E_PORT moves both ports, so
 * that a second run (a CI check beside a developer's) can use the same machine.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
export const E2E_MAIL_PORT = E2E_PORT + 1;
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;

export const E2E_ADMIN = { username: 'admin@example.test', password: 'E2e-Admin-Password-1' };
export const E2E_LIGHT = { username: 'light@example.test', password: 'E2e-Light-Password-1' };
/** Signs in into a 410: the password is older than PASSWORD_MAX_AGE. */
export const E2E_EXPIRED = { username: 'expired@example.test', password: 'E2e-Expired-Password-1' };
/** Goes through the forgotten-password flow (its password changes during the run). */
export const E2E_FORGETFUL = { username: 'forgetful@example.test', password: 'E2e-Forgetful-Password-1' };
/** Changes its own password in the profile, so no other spec signs in with it. */
export const E2E_PROFILE = { username: 'profile@example.test', password: 'E2e-Profile-Password-1' };
