import { postLoginTargetKey, readStored, storageKeys, writeStored } from '../storage';

/**
 * The browser side of a session (spec platform-shell §3, §4): the token in local storage and the
 * page to come back to after signing in, in session storage so that it dies with the tab.
 */

export const getToken = (): string | null => readStored(storageKeys.token);

export const hasToken = (): boolean => getToken() !== null;

export const setToken = (token: string): void => writeStored(storageKeys.token, token);

/** Logging out forgets the token and any impersonation, so the next person starts clean. */
export const clearSession = (): void => {
  writeStored(storageKeys.token, null);
  writeStored(storageKeys.switchUser, null);
  writeStored(storageKeys.switchEnvironment, null);
};

const session = (): Storage | null => {
  try {
    return window.sessionStorage;
  } catch {
    // Storage disabled by the browser: the user simply lands on the default page after sign-in.
    return null;
  }
};

export const rememberTarget = (path: string): void => {
  try {
    session()?.setItem(postLoginTargetKey, path);
  } catch {
    // Quota or privacy mode: losing the return target is harmless.
  }
};

export const peekTarget = (): string | null => session()?.getItem(postLoginTargetKey) ?? null;

/** Reads and forgets the target, so that a later sign-in does not jump back to a stale page. */
export const consumeTarget = (): string | null => {
  const target = peekTarget();
  session()?.removeItem(postLoginTargetKey);
  // Only same-origin paths are honoured: the value is ours, but session storage is writable by any script.
  return target !== null && target.startsWith('/') && !target.startsWith('//') ? target : null;
};

const signedInKey = 'signedInNow';

/** A sign-in just happened: the first signed-in page settles the language with the account. */
export const markSignedIn = (): void => {
  try {
    session()?.setItem(signedInKey, '1');
  } catch {
    // Without session storage the console keeps this browser's language.
  }
};

/** Whether a sign-in just happened (once: reading forgets it). */
export const consumeSignedIn = (): boolean => {
  const signedIn = session()?.getItem(signedInKey) === '1';
  session()?.removeItem(signedInKey);
  return signedIn;
};

const lostKey = 'sessionLost';

/**
 * The API client saw a 401 and already told the user the connection was lost: the private-route
 * guard that runs next must not say it a second time.
 */
export const markSessionLost = (): void => {
  try {
    session()?.setItem(lostKey, '1');
  } catch {
    // Without session storage the user may see the notice twice; nothing worse.
  }
};

/** True once after markSessionLost. */
export const consumeSessionLost = (): boolean => {
  const lost = session()?.getItem(lostKey) === '1';
  if (lost) session()?.removeItem(lostKey);
  return lost;
};
