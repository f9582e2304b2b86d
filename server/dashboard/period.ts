import type { DashboardBucket, DashboardQuery, DashboardUnit } from '../../schemas/contracts/dashboard';
import { MAX_BUCKETS, addDays, bucketStarts, startOfDay } from '../consumption/period';
import { ClientError } from '../kernel/http/errors';

/**
 * The period of a dashboard request, in calendar days of the caller's time zone. The days are plain
 * `YYYY-MM-DD` strings (the calendar arithmetic of consumption/period.ts); only the database turns
 * them into instants, in that zone, so daylight-saving changes never shift a bucket.
 */
export interface DashboardPeriod {
  from: string;
  to: string;
  bucket: DashboardBucket;
  timeZone: string;
  /** The first day of every bucket, empty ones included. */
  starts: string[];
}

export const DEFAULT_DAYS = 30;

const invalidPeriod = (path: string, message: string) =>
  new ClientError(400, 'INVALID_PERIOD', `Invalid period: ${message}`, { details: [{ path, message }] });

export const invalidTimeZone = (timeZone: string) =>
  new ClientError(400, 'INVALID_TIME_ZONE', `Unknown time zone: ${timeZone}`, {
    details: [{ path: 'tz', message: 'unknown time zone', params: { timeZone } }],
  });

/** Today in `timeZone` (`YYYY-MM-DD`), or a 400 when the zone is unknown. */
export const todayIn = (timeZone: string, now: Date): string => {
  try {
    // en-CA writes dates as YYYY-MM-DD.
    return new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(now);
  } catch {
    throw invalidTimeZone(timeZone);
  }
};

/** `day` moved by `months` calendar months, kept within the month (31 March − 1 month = 28/29 February). */
const addMonths = (day: string, months: number): string => {
  const date = startOfDay(day);
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), last));
  return target.toISOString().slice(0, 10);
};

const MONTHS: Partial<Record<DashboardUnit, number>> = { months: 1, quarters: 3, years: 12 };

/**
 * The first day of "the last `n` `unit`s" ending `today` (included): the last 7 days are today and
 * the 6 before; the last month runs from the day after the same date a month ago.
 *
 * @example
 * relativeFrom('2026-11-29', 1, 'weeks');  // '2026-11-23'
 * relativeFrom('2026-11-29', 1, 'months'); // '2026-10-30'
 */
export const relativeFrom = (today: string, n: number, unit: DashboardUnit): string => {
  if (unit === 'days') return addDays(today, 1 - n);
  if (unit === 'weeks') return addDays(today, 1 - 7 * n);
  return addDays(addMonths(today, -n * (MONTHS[unit] ?? 1)), 1);
};

const daysBetween = (from: string, to: string) =>
  Math.round((startOfDay(to).getTime() - startOfDay(from).getTime()) / 86_400_000) + 1;

/** Days up to two months, weeks up to half a year, months beyond. */
export const defaultBucket = (from: string, to: string): DashboardBucket => {
  const days = daysBetween(from, to);
  return days <= 62 ? 'day' : days <= 183 ? 'week' : 'month';
};

/**
 * Reads the period of a dashboard query: a range (`from`, `to`) wins over a relative one (`last`,
 * `unit`); neither means the last 30 days.
 *
 * @example
 * resolvePeriod({ tz: 'Europe/Paris', last: '1', unit: 'weeks' }, new Date());
 */
export const resolvePeriod = (query: DashboardQuery, now: Date): DashboardPeriod => {
  const timeZone = query.tz ?? 'UTC';
  const today = todayIn(timeZone, now);
  let from: string;
  let to: string;
  if (query.from !== undefined || query.to !== undefined) {
    if (query.from === undefined) throw invalidPeriod('from', 'a range needs both from and to');
    if (query.to === undefined) throw invalidPeriod('to', 'a range needs both from and to');
    if (query.to < query.from) throw invalidPeriod('to', 'must not be before from');
    ({ from, to } = query as { from: string; to: string });
  } else {
    to = today;
    from = relativeFrom(
      today,
      query.last === undefined ? DEFAULT_DAYS : Number(query.last),
      query.unit ?? 'days',
    );
  }
  const bucket = query.bucket ?? defaultBucket(from, to);
  const starts = bucketStarts(from, to, bucket);
  if (starts.length > MAX_BUCKETS)
    throw invalidPeriod('bucket', `more than ${MAX_BUCKETS} buckets: choose a longer bucket`);
  return { from, to, bucket, timeZone, starts };
};
