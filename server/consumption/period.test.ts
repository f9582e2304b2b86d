import { describe, expect, it } from 'vitest';
import { MAX_BUCKETS, bucketStart, bucketStarts, contractYear } from './period';

const at = (iso: string) => new Date(iso);

describe('contract year (spec §9: 1 January when the start date is unset)', () => {
  it('starts on the last anniversary of the contract start date', () => {
    expect(contractYear('2019-03-01', at('2026-11-26T10:00:00Z'))).toEqual({
      start: '2026-03-01',
      end: '2027-02-28',
    });
    expect(contractYear('2019-03-01', at('2026-02-28T23:59:59Z'))).toEqual({
      start: '2025-03-01',
      end: '2026-02-28',
    });
    expect(contractYear('2019-03-01', at('2026-03-01T00:00:00Z')).start).toBe('2026-03-01');
  });

  it('is the calendar year without a start date', () => {
    expect(contractYear(null, at('2026-11-26T10:00:00Z'))).toEqual({
      start: '2026-01-01',
      end: '2026-12-31',
    });
  });

  it('starts a 29 February contract on 28 February in common years', () => {
    expect(contractYear('2024-02-29', at('2026-05-01T00:00:00Z'))).toEqual({
      start: '2026-02-28',
      end: '2027-02-27',
    });
    expect(contractYear('2024-02-29', at('2028-03-01T00:00:00Z')).start).toBe('2028-02-29');
  });
});

describe('buckets', () => {
  it('start on the day, the Monday before, or the 1st of the month', () => {
    expect(bucketStart('2025-04-24', 'day')).toBe('2025-04-24');
    expect(bucketStart('2025-04-24', 'week')).toBe('2025-04-21');
    expect(bucketStart('2025-04-21', 'week')).toBe('2025-04-21');
    expect(bucketStart('2025-04-27', 'week')).toBe('2025-04-21');
    expect(bucketStart('2025-04-24', 'month')).toBe('2025-04-01');
  });

  it('cover the period, the first and last partly', () => {
    expect(bucketStarts('2025-04-15', '2025-06-02', 'month')).toEqual([
      '2025-04-01',
      '2025-05-01',
      '2025-06-01',
    ]);
    expect(bucketStarts('2025-12-30', '2026-01-02', 'day')).toEqual([
      '2025-12-30',
      '2025-12-31',
      '2026-01-01',
      '2026-01-02',
    ]);
    expect(bucketStarts('2025-04-23', '2025-05-05', 'week')).toEqual([
      '2025-04-21',
      '2025-04-28',
      '2025-05-05',
    ]);
    expect(bucketStarts('2026-03-01', '2027-02-28', 'month')).toHaveLength(12);
  });

  it('stop one past the limit on a period too long', () => {
    expect(bucketStarts('2020-01-01', '2029-12-31', 'day')).toHaveLength(MAX_BUCKETS + 1);
  });
});
