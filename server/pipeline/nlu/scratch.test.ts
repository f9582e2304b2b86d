import { describe, expect, it } from 'vitest';
import { Scratch } from './scratch';

describe('scratch arrays', () => {
  it('clear what the last use left, over the length asked, and grow when asked for more', () => {
    const marks = new Scratch((n) => new Uint8Array(n));
    const first = marks.cleared(10);
    first.fill(1, 0, 10);
    const again = marks.cleared(4);
    expect(again).toBe(first);
    expect([...again.subarray(0, 5)]).toEqual([0, 0, 0, 0, 1]);
    const longer = marks.cleared(5000);
    expect(longer.length).toBeGreaterThanOrEqual(5000);
    expect(longer.subarray(0, 5000).every((v) => v === 0)).toBe(true);
  });
});
