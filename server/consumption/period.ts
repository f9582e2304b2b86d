import type { ConsumptionBucket } from '../../schemas/contracts/consumption';

/**
 * Calendar arithmetic of consumption periods, on `YYYY-MM-DD` days taken in UTC (the database
 * buckets `created_at AT TIME ZONE 'UTC'` the same way).
 */

const DAY_MS = 86_400_000;

/** A period holds at most this many buckets: a year by day, a few years by week. */
export const MAX_BUCKETS = 400;

export const dayOf = (date: Date): string => date.toISOString().slice(0, 10);
/** The day's first instant, UTC. */
export const startOfDay = (day: string): Date => new Date(`${day}T00:00:00.000Z`);
export const addDays = (day: string, days: number): string =>
  dayOf(new Date(startOfDay(day).getTime() + days * DAY_MS));

/** `day` of `month` (0-based) in `year`, or the month's last day when it is shorter (29 February). */
const anniversary = (year: number, month: number, day: number): Date =>
  new Date(Date.UTC(year, month, Math.min(day, new Date(Date.UTC(year, month + 1, 0)).getUTCDate())));

/**
 * The current contract year: from the last anniversary of the contract start date (1 January when
 * unset, spec §9) on or before `today`, to the day before the next one.
 *
 * @example
 * contractYear('2019-03-01', new Date('2026-11-26T10:00:00Z')); // { start: '2026-03-01', end: '2027-02-28' }
 * contractYear(null, new Date('2026-11-26T10:00:00Z'));         // { start: '2026-01-01', end: '2026-12-31' }
 */
export const contractYear = (contractStartDate: string | null, today: Date) => {
  const [month, day] = contractStartDate
    ? [Number(contractStartDate.slice(5, 7)) - 1, Number(contractStartDate.slice(8, 10))]
    : [0, 1];
  let start = anniversary(today.getUTCFullYear(), month, day);
  if (start.getTime() > today.getTime()) start = anniversary(today.getUTCFullYear() - 1, month, day);
  const next = anniversary(start.getUTCFullYear() + 1, month, day);
  return { start: dayOf(start), end: addDays(dayOf(next), -1) };
};

/** The first day of the bucket holding `day`: itself, the Monday before it, the 1st of its month. */
export const bucketStart = (day: string, bucket: ConsumptionBucket): string => {
  if (bucket === 'month') return `${day.slice(0, 7)}-01`;
  if (bucket === 'week') return addDays(day, -((startOfDay(day).getUTCDay() + 6) % 7));
  return day;
};

const nextBucket = (start: string, bucket: ConsumptionBucket): string => {
  if (bucket === 'day') return addDays(start, 1);
  if (bucket === 'week') return addDays(start, 7);
  const date = startOfDay(start);
  return dayOf(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1)));
};

/**
 * The first day of every bucket that meets the period `from`–`to` (both included); the first and
 * the last may be partly outside it. Stops after MAX_BUCKETS + 1, so the caller can refuse a period
 * that is too long without building all of it.
 *
 * @example
 * bucketStarts('2025-04-15', '2025-06-02', 'month'); // ['2025-04-01', '2025-05-01', '2025-06-01']
 */
export const bucketStarts = (from: string, to: string, bucket: ConsumptionBucket): string[] => {
  const starts: string[] = [];
  for (let start = bucketStart(from, bucket); start <= to; start = nextBucket(start, bucket)) {
    starts.push(start);
    if (starts.length > MAX_BUCKETS) break;
  }
  return starts;
};
