/**
 * The processing-time histograms of the dashboard's summaries (migration 026). Percentiles cannot be
 * added up from day to day, counts per bin can: a value `v` (milliseconds) falls in bin 0 below
 * 0.01 ms, else in bin `1 + floor(ln(v / 0.01) / ln(1.02))`, whose values lie within 2 % of each other.
 * A bin stands for its geometric middle, so any value read back is within 1 % of the true one (and
 * within 0.01 ms below 0.01 ms); the exact minimum and maximum are kept beside the bins.
 */
const FLOOR_MS = 0.01;
const RATIO = 1.02;

/** SQL of the bin of the float8 expression `value`: the summaries and the live rows share it. */
export const binSql = (value: string) =>
  `CASE WHEN ${value} < ${FLOOR_MS} THEN 0 ELSE 1 + floor(ln(${value} / ${FLOOR_MS}) / ln(${RATIO}))::int END`;

/** The value a bin stands for. */
const binValue = (bin: number) => (bin === 0 ? 0 : FLOOR_MS * RATIO ** (bin - 1) * Math.sqrt(RATIO));

export interface Histogram {
  runs: number;
  min: number;
  max: number;
  /** Bins in ascending order, with their counts. */
  bins: { bin: number; n: number }[];
}

/**
 * `percentile_cont(p)` of the values a histogram counts: the same interpolation between the two
 * values around rank `p × (runs − 1)`, each value read as its bin's middle, the first and last being
 * the exact minimum and maximum, and every value kept within them.
 *
 * @example
 * percentiles({ runs: 3, min: 1, max: 9, bins: [...] }, [0.5, 0.95]);
 */
export const percentiles = (h: Histogram, ps: readonly number[]): number[] => {
  const valueAt = (rank: number) => {
    if (rank <= 0) return h.min;
    if (rank >= h.runs - 1) return h.max;
    let seen = 0;
    for (const { bin, n } of h.bins) {
      seen += n;
      if (rank < seen) return Math.min(h.max, Math.max(h.min, binValue(bin)));
    }
    return h.max;
  };
  return ps.map((p) => {
    const position = p * (h.runs - 1);
    const below = Math.floor(position);
    const low = valueAt(below);
    return position === below ? low : low + (position - below) * (valueAt(below + 1) - low);
  });
};
