import type { AnalysisStatus } from '../../../../schemas/analysis-result';

/**
 * Status colours of the dashboard, from the Okabe–Ito palette (told apart with the common colour
 * vision deficiencies), each at least 3:1 against the page's background (WCAG 1.4.11 for graphics):
 * darker shades on the light theme's white, lighter ones on the dark theme's near-black.
 */
const light: Record<AnalysisStatus, string> = {
  waiting: '#A86400',
  pending: '#0072B2',
  processed: '#00795A',
  error: '#C14F00',
  aborted: '#6F6F6F',
};
const dark: Record<AnalysisStatus, string> = {
  waiting: '#F0C04A',
  pending: '#56B4E9',
  processed: '#3FD0A5',
  error: '#FF8F4D',
  aborted: '#B5B5B5',
};

export const statusColours = (mode: 'light' | 'dark'): Record<AnalysisStatus, string> =>
  mode === 'dark' ? dark : light;

/**
 * Links and the category bars: the theme's purple on the light background; on the dark one the
 * theme's purple is too dark to read (under 3:1), so a light purple (Material purple 200, about 8:1).
 */
export const accentColour = (mode: 'light' | 'dark', primary: string): string =>
  mode === 'dark' ? '#CE93D8' : primary;
