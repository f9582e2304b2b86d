/**
 * The browser storage of spec platform-shell §3, in one place: every key the console keeps, and
 * the session-storage key of the post-login target (spec §4).
 */
export const storageKeys = {
  token: 'token',
  /** Username being impersonated (ghosting); sent as the switch header. */
  switchUser: 'switchUser',
  /** Environment chosen together with the impersonated user. */
  switchEnvironment: 'switchEnvironment',
  locale: 'locale',
  preferredFontSize: 'preferredFontSize',
  darkMode: 'darkMode',
  /** Feature flags, stored per browser as a JSON object `{ [flagId]: boolean }`. */
  featureFlags: 'featureFlags',
  /** The last pages visited, for the rapid navigation (spec §2): JSON `[{ path, title }]`. */
  recentPages: 'recentPages',
} as const;

/** Session storage: the page to return to after sign-in. */
export const postLoginTargetKey = 'postLoginTarget';

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

export const readStored = (key: StorageKey): string | null => {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
};

export const writeStored = (key: StorageKey, value: string | null): void => {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage can be full or disabled (private mode): the preference then lasts for this page only.
  }
};
