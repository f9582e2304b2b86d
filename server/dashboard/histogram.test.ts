import { describe, expect, it } from 'vitest';
import { percentiles, type Histogram } from './histogram';

/** The bin of a value, as binSql computes it in the database. */
const binOf = (v: number) => (v < 0.01 ? 0 : 1 + Math.floor(Math.log(v / 0.01) / Math.log(1.02)));

const histogramOf = (values: number[]): Histogram => {
  const counts = new Map<number, number>();
  for (const v of values) counts.set(binOf(v), (counts.get(binOf(v)) ?? 0) + 1);
  return {
    runs: values.length,
    min: Math.min(...values),
    max: Math.max(...values),
    bins: [...counts].sort(([a], [b]) => a - b).map(([bin, n]) => ({ bin, n })),
  };
};

/** PostgreSQL's percentile_cont. */
const exact = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  const position = p * (sorted.length - 1);
  const below = Math.floor(position);
  const above = Math.min(below + 1, sorted.length - 1);
  return sorted[below] + (position - below) * (sorted[above] - sorted[below]);
};

/** A deterministic pseudo-random sequence (mulberry32). */
const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

describe('percentiles of a processing-time histogram', () => {
  it('are within 1 % of percentile_cont, with the exact minimum and maximum', () => {
    const next = random(22);
    const shapes = [
      () => next() * 200,
      () => 200 + next() * 3000,
      () => Math.exp(next() * 12) / 100,
      () => Math.round(next() * 20),
    ];
    for (const shape of shapes) {
      for (const size of [1, 2, 7, 100, 5000]) {
        const values = Array.from({ length: size }, shape);
        const h = histogramOf(values);
        const ps = [0, 0.5, 0.9, 0.95, 1];
        const read = percentiles(h, ps);
        ps.forEach((p, i) => {
          const want = exact(values, p);
          expect(Math.abs(read[i] - want), `p${p * 100} of ${size}`).toBeLessThanOrEqual(want * 0.01 + 0.01);
        });
        expect(read[0]).toBe(h.min);
        expect(read[4]).toBe(h.max);
      }
    }
  });
});
