/** Theme and display preferences of spec platform-shell §9. */
export type { AppThemeTokens, ThemeMode } from './theme';
export {
  createAppTheme,
  radii,
  terminalHeight,
  transition,
  transitionDurationMs,
  disabledOpacity,
} from './theme';
export type { FontSizePreference, DisplayPreferences } from './preferences';
export {
  fontSizeChoices,
  fontSizesPx,
  fontSizePx,
  defaultFontSize,
  darkModeClass,
  readFontSize,
  writeFontSize,
  applyFontSize,
  readDarkMode,
  writeDarkMode,
  applyDarkMode,
  applyStoredPreferences,
} from './preferences';
export type { DateInput, DateTimeOptions, Weekday } from './dates';
export {
  formatDateTime,
  formatShortDate,
  formatMonth,
  shortDatePattern,
  pickerFormats,
  firstDayOfWeek,
  dateLocale,
} from './dates';
