import type { ConsumptionBucket } from '../../../../schemas/contracts/consumption';
import { parseDateOnly } from '../../../components/dates';
import { formatMonth, formatShortDate } from '../../../theme';

/**
 * Figures of the consumption page in the user's locale.
 *
 * @example
 * formatCount(12500, 'fr');      // '12 500'
 * formatAmount(0.000936, 'en');  // '0.000936' — small footprints keep three significant digits
 */
export const formatCount = (value: number, locale: string): string =>
  new Intl.NumberFormat(locale).format(value);

export const formatMb = (value: number, locale: string): string =>
  new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value);

export const formatAmount = (value: number, locale: string): string =>
  new Intl.NumberFormat(
    locale,
    value !== 0 && Math.abs(value) < 1 ? { maximumSignificantDigits: 3 } : { maximumFractionDigits: 2 },
  ).format(value);

/** A bucket's first day as its name: the date (day, week) or the month and year. */
export const bucketName = (start: string, bucket: ConsumptionBucket, locale: string): string =>
  bucket === 'month'
    ? formatMonth(parseDateOnly(start), locale)
    : formatShortDate(parseDateOnly(start), locale);
