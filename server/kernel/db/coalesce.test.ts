import { describe, expect, it } from 'vitest';
import { coalesce } from './coalesce';

describe('coalesce', () => {
  it('runs the calls of one turn together, and those made meanwhile in the next batch', async () => {
    const batches: number[][] = [];
    const double = coalesce(async (inputs: number[]) => {
      batches.push(inputs);
      await new Promise((r) => setTimeout(r, 20));
      return inputs.map((n) => n * 2);
    });
    const first = [1, 2, 3].map(double);
    await new Promise((r) => setTimeout(r, 5));
    const later = [4, 5].map(double);
    expect(await Promise.all([...first, ...later])).toEqual([2, 4, 6, 8, 10]);
    expect(batches).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });

  it('fails only the call whose input is bad: a failed batch is run again call by call', async () => {
    const runs: number[][] = [];
    const check = coalesce(async (inputs: number[]) => {
      runs.push(inputs);
      if (inputs.includes(13)) throw new Error('13 is refused');
      return inputs;
    });
    const results = await Promise.allSettled([12, 13, 14].map(check));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason.message).toBe('13 is refused');
    expect(runs).toEqual([[12, 13, 14], [12], [13], [14]]);
  });

  it('splits a long queue into batches of at most maxBatch', async () => {
    const sizes: number[] = [];
    const id = coalesce(async (inputs: number[]) => {
      sizes.push(inputs.length);
      return inputs;
    }, 4);
    await Promise.all(Array.from({ length: 10 }, (_, i) => id(i)));
    expect(sizes).toEqual([4, 4, 2]);
  });
});
