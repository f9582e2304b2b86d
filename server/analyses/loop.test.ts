import { describe, expect, it } from 'vitest';
import { createLogger } from '../kernel/logger';
import { MAX_PREFETCH, prefetchSizer, startClaimLoop } from './loop';

const log = createLogger({ logLevel: 'silent' });
const until = async (done: () => boolean) => {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(done()).toBe(true);
};

describe('the prefetch', () => {
  it('claims none ahead of slow analyses, 50 ms of fast ones, never more than its most', () => {
    const sizer = prefetchSizer(4);
    expect(sizer.size).toBe(0);
    sizer.record(100); // four slots end 2 in 50 ms: fewer than the slots
    expect(sizer.size).toBe(0);
    const fast = prefetchSizer(16);
    fast.record(2); // sixteen slots end 400 in 50 ms
    expect(fast.size).toBe(MAX_PREFETCH);
    const middling = prefetchSizer(16);
    middling.record(20);
    expect(middling.size).toBe(40);
  });
});

describe('the claim loop', () => {
  it('claims as many as it has room for, and again as each analysis ends, never holding more than its slots', async () => {
    let waiting = 10;
    const held: number[] = [];
    const claims: number[] = [];
    let most = 0;
    const loop = startClaimLoop(log, {
      slots: 3,
      held: () => held.length,
      take: async (limit) => {
        const taken = Math.min(limit, waiting);
        waiting -= taken;
        claims.push(limit);
        for (let i = 0; i < taken; i++) held.push(i);
        most = Math.max(most, held.length);
        return taken;
      },
      settled: async () => {},
    });
    await until(() => held.length === 3);
    expect(claims).toEqual([3]);
    // One analysis ends: its slot is claimed at once, one job, not a batch's worth.
    held.pop();
    loop.freed(1000);
    await until(() => claims.length === 2);
    expect(claims[1]).toBe(1);
    while (waiting > 0 || held.length > 0) {
      held.pop();
      loop.freed(1000);
      await new Promise((r) => setTimeout(r, 5));
    }
    await loop.stop();
    expect(most).toBe(3);
  });

  it('told of submissions, claims when a slot frees only if one came since its last claim', async () => {
    let held = 0;
    let claims = 0;
    const loop = startClaimLoop(log, {
      slots: 2,
      held: () => held,
      take: async () => {
        claims += 1;
        return 0;
      },
      settled: async () => {},
      signalled: true,
    });
    await until(() => claims === 1);
    loop.freed(1000);
    await new Promise((r) => setTimeout(r, 50));
    expect(claims).toBe(1);
    held = 2;
    loop.wake();
    await new Promise((r) => setTimeout(r, 50));
    expect(claims).toBe(1); // full: it waits for a slot
    held = 1;
    loop.freed(1000);
    await until(() => claims === 2);
    await loop.stop();
  });

  it('told of a submission, claims for the slots that free even while the analyses claimed ahead fill its room', async () => {
    let held = 0;
    const limits: number[] = [];
    const loop = startClaimLoop(log, {
      slots: 2,
      held: () => held,
      take: async (limit) => {
        limits.push(limit);
        held += limit;
        return limit;
      },
      settled: async () => {},
      signalled: true,
    });
    await until(() => limits.length === 1);
    // Claimed ahead while analyses were fast, now past what the prefetch would take.
    held = 500;
    loop.wake();
    await new Promise((r) => setTimeout(r, 50));
    expect(limits).toEqual([2]);
    // One ends: the submission is claimed for its slot (and starts before those claimed ahead).
    held -= 1;
    loop.freed(1);
    await until(() => limits.length === 2);
    expect(limits[1]).toBe(1);
    // Another ends with nothing heard: nothing more is claimed past the prefetch.
    held -= 1;
    loop.freed(1);
    await new Promise((r) => setTimeout(r, 50));
    expect(limits).toHaveLength(2);
    await loop.stop();
  });
});
