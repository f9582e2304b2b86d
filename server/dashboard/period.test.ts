import { describe, expect, it } from 'vitest';
import { defaultBucket, relativeFrom, resolvePeriod, todayIn } from './period';

describe('dashboard periods', () => {
  it('ends relative periods today, in the caller’s time zone', () => {
    // 23:30 UTC on 31 March is already 1 April in Paris.
    const now = new Date('2025-03-31T23:30:00Z');
    expect(todayIn('Europe/Paris', now)).toBe('2025-04-01');
    expect(todayIn('UTC', now)).toBe('2025-03-31');
    expect(resolvePeriod({ tz: 'Europe/Paris', last: '7', unit: 'days' }, now)).toMatchObject({
      from: '2025-03-26',
      to: '2025-04-01',
      bucket: 'day',
    });
  });

  it('counts units back from today, months kept within their length', () => {
    expect(relativeFrom('2026-11-29', 1, 'weeks')).toBe('2026-11-23');
    expect(relativeFrom('2026-11-29', 1, 'months')).toBe('2026-10-30');
    expect(relativeFrom('2025-03-31', 1, 'months')).toBe('2025-03-01');
    expect(relativeFrom('2026-11-29', 1, 'quarters')).toBe('2026-08-30');
    expect(relativeFrom('2024-02-29', 1, 'years')).toBe('2023-03-01');
  });

  it('chooses days, weeks or months from the length of the period', () => {
    expect(defaultBucket('2025-01-01', '2025-03-03')).toBe('day');
    expect(defaultBucket('2025-01-01', '2025-03-04')).toBe('week');
    expect(defaultBucket('2025-01-01', '2025-12-31')).toBe('month');
  });

  it('refuses a range missing a side, reversed, or with too many buckets, and an unknown zone', () => {
    const now = new Date();
    expect(() => resolvePeriod({ from: '2025-01-02' }, now)).toThrow(/from and to/);
    expect(() => resolvePeriod({ from: '2025-01-02', to: '2025-01-01' }, now)).toThrow(/before/);
    expect(() => resolvePeriod({ from: '2000-01-01', to: '2025-01-01', bucket: 'day' }, now)).toThrow(
      /buckets/,
    );
    expect(() => resolvePeriod({ tz: 'Nowhere/Land' }, now)).toThrow(/time zone/);
  });
});
