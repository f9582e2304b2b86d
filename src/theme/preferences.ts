import { readStored, storageKeys, writeStored } from '../storage';

/**
 * Display preferences kept in local storage (spec platform-shell §3): the font size chosen in the
 * profile and dark mode. Both are applied straight to the page root so that they hold before React
 * renders and also for content outside the MUI tree.
 */

export const fontSizeChoices = ['small', 'medium', 'large'] as const;
export type FontSizePreference = (typeof fontSizeChoices)[number];

/** Spec §9 fixes medium at 14px; small and large are one step of 2px either side. */
export const fontSizesPx = { small: 12, medium: 14, large: 16 } as const satisfies Record<
  FontSizePreference,
  number
>;

export const defaultFontSize: FontSizePreference = 'medium';

/** Spec §9: the class on the page root that switches the console to dark mode. */
export const darkModeClass = 'app-dark';

const isFontSize = (value: unknown): value is FontSizePreference =>
  fontSizeChoices.some((choice) => choice === value);

export const fontSizePx = (size: FontSizePreference): number => fontSizesPx[size];

/** Anything but a known size (hand-edited storage, an older format) falls back to medium. */
export const readFontSize = (): FontSizePreference => {
  const stored = readStored(storageKeys.preferredFontSize);
  return isFontSize(stored) ? stored : defaultFontSize;
};

export const writeFontSize = (size: FontSizePreference): void =>
  writeStored(storageKeys.preferredFontSize, size);

/** Both elements: html drives rem units, body the inherited size of text outside MUI. */
export const applyFontSize = (size: FontSizePreference): void => {
  const value = `${fontSizePx(size)}px`;
  document.documentElement.style.fontSize = value;
  document.body.style.fontSize = value;
};

/** Spec §9: dark mode is off unless 'true' was stored. */
export const readDarkMode = (): boolean => readStored(storageKeys.darkMode) === 'true';

export const writeDarkMode = (on: boolean): void => writeStored(storageKeys.darkMode, on ? 'true' : 'false');

export const applyDarkMode = (on: boolean): void => {
  document.documentElement.classList.toggle(darkModeClass, on);
};

export interface DisplayPreferences {
  fontSize: FontSizePreference;
  darkMode: boolean;
}

/**
 * Start-up step: applies the stored preferences and returns them, so the caller can build the
 * matching theme.
 *
 * @example
 * const { fontSize, darkMode } = applyStoredPreferences();
 * const theme = createAppTheme(darkMode ? 'dark' : 'light', fontSizePx(fontSize));
 */
export const applyStoredPreferences = (): DisplayPreferences => {
  const preferences = { fontSize: readFontSize(), darkMode: readDarkMode() };
  applyFontSize(preferences.fontSize);
  applyDarkMode(preferences.darkMode);
  return preferences;
};
