import { orange, purple } from '@mui/material/colors';
import { defaultDarkTheme, defaultLightTheme } from 'react-admin';
import type { RaThemeOptions } from 'react-admin';

/**
 * The console theme of spec platform-shell §9, as react-admin theme options (`<Admin theme>` /
 * `darkTheme`), built on react-admin's own defaults so that its components keep their layout.
 */

export type ThemeMode = 'light' | 'dark';

/** Corner radii; `shape.borderRadius` is `sm` so MUI's `borderRadius: n` multiplies 4px. */
export const radii = { none: 0, xs: '2px', sm: '4px', md: '6px', lg: '8px', xl: '12px' } as const;

/** Height of the terminal-like panels (logs, traces). */
export const terminalHeight = '18rem';

export const transitionDurationMs = 200;
/** CSS shorthand for hand-written styles, so they move at the same pace as MUI components. */
export const transition = `all ${transitionDurationMs / 1000}s ease-in-out`;

export const disabledOpacity = 0.6;

export interface AppThemeTokens {
  radii: typeof radii;
  terminalHeight: string;
  transition: string;
}

// The tokens travel in the theme so components read them with `theme.tokens` like any MUI value.
declare module '@mui/material/styles' {
  interface Theme {
    tokens: AppThemeTokens;
  }
  interface ThemeOptions {
    tokens?: AppThemeTokens;
  }
}

/** Spec §9 gives one primary shade for both modes. */
const primary = { main: purple[800] };

/**
 * Spec §9 says "orange secondary (500 light, 400 dark)". Kept literally as the palette's light and
 * dark shades, and read as the per-mode colour too: the main shade is 500 in light mode and the
 * brighter 400 in dark mode, where it must stand out against a dark background.
 */
const secondary = (mode: ThemeMode) => ({
  main: mode === 'dark' ? orange[400] : orange[500],
  light: orange[500],
  dark: orange[400],
});

/**
 * @example
 * <Admin
 *   theme={createAppTheme('light', fontSizePx(readFontSize()))}
 *   darkTheme={createAppTheme('dark', fontSizePx(readFontSize()))}
 * />
 */
export const createAppTheme = (mode: ThemeMode, fontSizePx: number): RaThemeOptions => {
  const base = mode === 'dark' ? defaultDarkTheme : defaultLightTheme;
  return {
    ...base,
    palette: {
      ...base.palette,
      mode,
      primary,
      secondary: secondary(mode),
      action: { disabledOpacity },
    },
    typography: {
      ...base.typography,
      // The root element carries the preferred size (preferences.ts), so MUI must compute its rem
      // values from that size rather than the browser's 16px.
      fontSize: fontSizePx,
      htmlFontSize: fontSizePx,
    },
    shape: { borderRadius: 4 },
    transitions: { duration: { standard: transitionDurationMs, short: transitionDurationMs } },
    tokens: { radii, terminalHeight, transition },
  };
};
