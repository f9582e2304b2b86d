import { describe, expect, it } from 'vitest';
import { MAX_CLAIM, claimSizer, mapLimited } from './analysis-loop';

describe('the size of a claim', () => {
  it('starts at the analyses run side by side, grows for fast ones, shrinks for slow ones', () => {
    const sizer = claimSizer(16);
    expect(sizer.size).toBe(16);
    sizer.record(16, 8); // half a millisecond each
    expect(sizer.size).toBe(MAX_CLAIM);
    sizer.record(MAX_CLAIM, 20_000); // seconds each
    expect(sizer.size).toBe(16);
    sizer.record(16, 200);
    expect(sizer.size).toBe(80);
  });
});

describe('analyses run side by side', () => {
  it('are never more than the limit at once, and answer in order', async () => {
    let running = 0;
    let most = 0;
    const results = await mapLimited([5, 1, 4, 2, 3, 0], 2, async (ms) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, ms));
      running -= 1;
      return ms * 10;
    });
    expect(results).toEqual([50, 10, 40, 20, 30, 0]);
    expect(most).toBe(2);
  });
});
