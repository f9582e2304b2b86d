/**
 * A calendar date from the API (`YYYY-MM-DD`) as a local Date. `new Date('2026-01-01')` would be
 * midnight UTC, which is still 31 December west of Greenwich.
 */
export const parseDateOnly = (value: string): Date => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : new Date(value);
};

/** Spec §9: an organisation without a contract start date counts from 1 January of this year. */
export const contractStartOrDefault = (value: string | null, today: Date = new Date()): Date =>
  value ? parseDateOnly(value) : new Date(today.getFullYear(), 0, 1);
