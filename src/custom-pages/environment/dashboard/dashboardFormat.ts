import type { DashboardBucket } from '../../../../schemas/contracts/dashboard';
import { bucketName } from '../../organisation/consumption/consumptionFormat';

/**
 * Figures of the dashboard in the user's language (dates dd/mm/yy in French, mm/dd/yy in English,
 * spec §9; months by name).
 *
 * @example
 * formatRate(0.1666, 'fr'); // '16,7 %'
 */
export const formatRate = (rate: number, locale: string): string =>
  new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(rate);

export const formatCount = (value: number, locale: string): string =>
  new Intl.NumberFormat(locale).format(value);

/** A bucket's name: its day, "Week of" its Monday, or its month and year. */
export const bucketLabel = (
  start: string,
  bucket: DashboardBucket,
  locale: string,
  translate: (key: string, options?: Record<string, unknown>) => string,
): string => {
  const date = bucketName(start, bucket, locale);
  return bucket === 'week' ? translate('app.dashboard.week', { date }) : date;
};
