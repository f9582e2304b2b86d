import { defaultLocale, isSupportedLocale } from '../i18n/locale';
import type { SupportedLocale } from '../i18n/locale';

/**
 * Locale-aware date helpers of spec platform-shell §9: English mm/dd/yy with Sunday first, French
 * dd/mm/yy with Monday first. Written by hand rather than with Intl because the spec fixes the
 * exact pattern, which Intl's output may vary from one engine or ICU version to the next.
 */

export type DateInput = Date | string | number;

export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

interface DateConventions {
  order: 'mdy' | 'dmy';
  /** 0 = Sunday, as `Date.prototype.getDay()` counts. */
  firstDayOfWeek: Weekday;
  /** English reads a 12-hour clock with AM/PM, French a 24-hour one. */
  clock: 12 | 24;
}

const conventions = {
  en: { order: 'mdy', firstDayOfWeek: 0, clock: 12 },
  fr: { order: 'dmy', firstDayOfWeek: 1, clock: 24 },
} as const satisfies Record<SupportedLocale, DateConventions>;

/** 'en-GB' counts as English; an unsupported language falls back to French like the rest of the console. */
export const dateLocale = (locale: string): SupportedLocale => {
  const language = locale.toLowerCase().split(/[-_]/)[0];
  return isSupportedLocale(language) ? language : defaultLocale;
};

const pad2 = (n: number): string => String(n).padStart(2, '0');

/**
 * The date in the user's time zone, two digits per part; '' for an invalid date so that a bad
 * value shows as empty rather than as "NaN/NaN/aN".
 *
 * @example
 * formatShortDate(new Date(2026, 10, 25), 'en'); // '11/25/26'
 * formatShortDate(new Date(2026, 10, 25), 'fr'); // '25/11/26'
 */
export const formatShortDate = (date: DateInput, locale: string): string => {
  const value = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(value.getTime())) return '';
  const day = pad2(value.getDate());
  const month = pad2(value.getMonth() + 1);
  const year = pad2(value.getFullYear() % 100);
  return conventions[dateLocale(locale)].order === 'mdy'
    ? `${month}/${day}/${year}`
    : `${day}/${month}/${year}`;
};

export interface DateTimeOptions {
  /** Logs (errors, deliveries) order events within a minute: they show the seconds too. */
  seconds?: boolean;
}

/**
 * A short date and the time in the locale's clock: `11/25/26 09:30 PM` in English, `25/11/26 21:30`
 * in French (with `seconds`, `21:30:05`); '' for an invalid date.
 */
export const formatDateTime = (date: DateInput, locale: string, options: DateTimeOptions = {}): string => {
  const value = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(value.getTime())) return '';
  const hours = value.getHours();
  const twelve = conventions[dateLocale(locale)].clock === 12;
  const parts = [twelve ? ((hours + 11) % 12) + 1 : hours, value.getMinutes()];
  if (options.seconds) parts.push(value.getSeconds());
  const time = parts.map(pad2).join(':');
  return `${formatShortDate(value, locale)} ${twelve ? `${time} ${hours < 12 ? 'AM' : 'PM'}` : time}`;
};

/** A month and its year (`Nov 2026`, `nov. 2026`): the consumption page's monthly buckets. */
export const formatMonth = (date: Date, locale: string): string =>
  new Intl.DateTimeFormat(dateLocale(locale), { month: 'short', year: 'numeric' }).format(date);

/** The pattern for date inputs and pickers (`MM/DD/YY` or `DD/MM/YY`). */
export const shortDatePattern = (locale: string): string =>
  conventions[dateLocale(locale)].order === 'mdy' ? 'MM/DD/YY' : 'DD/MM/YY';

/**
 * The same patterns in date-fns' tokens, for the date pickers (components/pickers): what a picker
 * shows and parses is what formatShortDate and formatDateTime write.
 */
export const pickerFormats = (locale: string): { date: string; dateTime: string } => {
  const { order, clock } = conventions[dateLocale(locale)];
  const date = order === 'mdy' ? 'MM/dd/yy' : 'dd/MM/yy';
  return { date, dateTime: `${date} ${clock === 12 ? 'hh:mm a' : 'HH:mm'}` };
};

export const firstDayOfWeek = (locale: string): Weekday => conventions[dateLocale(locale)].firstDayOfWeek;
