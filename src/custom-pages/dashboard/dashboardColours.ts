import type { AnalysisStatus } from '../../../schemas/analysis-result';

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
