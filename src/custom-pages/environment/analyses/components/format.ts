/**
 * Sizes and durations as people read them, in the user's locale: `1.2 MB` (`1,2 Mo`), `850 ms`, `1 min 5 s`.
 *
 * @example
 * formatBytes(1_258_291, 'en'); // '1.2 MB'
 * formatDuration(65_000, 'fr'); // '1 min 5 s'
 */
const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/** A unit's symbol in the locale: B, kB, MB in English; o, ko, Mo in French. */
const unitSymbol = (unit: (typeof units)[number], locale: string) =>
  new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: unit === 'byte' ? 'narrow' : 'short' })
    .formatToParts(1)
    .find((part) => part.type === 'unit')?.value ?? unit;

export const formatBytes = (bytes: number, locale: string): string => {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value)} ${unitSymbol(units[unit], locale)}`;
};

export const formatDuration = (ms: number | null | undefined, locale: string): string => {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '';
  const number = (value: number, digits = 0) =>
    new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value);
  if (ms < 1000) return `${number(ms)} ms`;
  if (ms < 60_000) return `${number(ms / 1000, 1)} s`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms % 60_000) / 1000);
  return seconds === 0 ? `${minutes} min` : `${minutes} min ${seconds} s`;
};
