// Completing an occurrence once its required parameters are chosen: each optional parameter takes
// the nearest fitting match, each `multiple` one every match in the window, then its extent.
import type { Hit } from './archetype-matches';
import type { CompiledInteraction } from './compile';
import {
  firstFrom,
  mark,
  overlaps,
  type Choice,
  type Occurrence,
  type Search,
  type Used,
} from './occurrences';

/** The first and last tokens of the matches chosen. */
const extentOf = (chosen: Choice[]) => {
  let first = Infinity;
  let last = -Infinity;
  for (const c of chosen) {
    if (c.hit.first < first) first = c.hit.first;
    if (c.hit.last > last) last = c.hit.last;
  }
  return { first, last };
};

/** Whether a hit may fill an optional parameter: inside the window and the order, on unused tokens. */
const fits = (h: Hit, lo: number, hi: number, minFirst: number, maxLast: number, used: Used) =>
  h.first >= lo && h.first >= minFirst && h.last <= hi && h.last <= maxLast && !overlaps(h, used);

/**
 * The hit that fits (see `fits`) nearest to `centre` by first token, the earliest in the list among
 * equally near ones — what a stable sort of the fitting hits by distance puts first — found by
 * walking out from the centre, one token's hits at a time, the nearer side first. Every hit looked
 * at is counted against the search's completion budget.
 */
const nearest = (
  s: Search,
  list: Hit[],
  centre: number,
  lo: number,
  hi: number,
  minFirst: number,
  maxLast: number,
): Hit | undefined => {
  let right = firstFrom(list, Math.floor(centre) + 1);
  let left = right - 1;
  for (;;) {
    const leftOpen = left >= 0 && list[left].first >= lo;
    const rightOpen = right < list.length && list[right].first <= hi;
    if (!leftOpen && !rightOpen) return undefined;
    if (leftOpen && (!rightOpen || centre - list[left].first <= list[right].first - centre)) {
      const token = list[left].first;
      let from = left;
      while (from > 0 && list[from - 1].first === token) from--;
      for (let k = from; k <= left; k++) {
        s.completion--;
        if (fits(list[k], lo, hi, minFirst, maxLast, s.used)) return list[k];
      }
      left = from - 1;
    } else
      for (const token = list[right].first; right < list.length && list[right].first === token; right++) {
        s.completion--;
        if (fits(list[right], lo, hi, minFirst, maxLast, s.used)) return list[right];
      }
  }
};

/** Adds the optional and multiple parameters to the required ones chosen, then the occurrence's extent. */
export const complete = (
  s: Search,
  interaction: CompiledInteraction,
  chosen: Choice[],
  blockFirst: number,
  blockLast: number,
): Occurrence => {
  const { byParam, used } = s;
  const { parameters: params, ordered, distance } = interaction;
  if (interaction.hasOptional)
    params.forEach((param, p) => {
      if (!param.optional) return;
      const span = extentOf(chosen);
      const lo = distance < 0 ? blockFirst : span.first - distance;
      const hi = distance < 0 ? blockLast : span.last + distance;
      let minFirst = -Infinity;
      let maxLast = Infinity;
      if (ordered) {
        minFirst = blockFirst;
        maxLast = blockLast;
        for (const c of chosen)
          if (c.param < p) minFirst = Math.max(minFirst, c.hit.last);
          else if (c.param > p) maxLast = Math.min(maxLast, c.hit.first);
      }
      const best = nearest(s, byParam[p], (span.first + span.last) / 2, lo, hi, minFirst, maxLast);
      if (best) {
        chosen.push({ param: p, hit: best });
        mark(best, used, 1);
      }
    });
  const { first, last } = extentOf(chosen);
  const parameters: Record<string, Hit[]> = {};
  let start = Infinity;
  let end = -Infinity;
  for (const c of chosen) {
    parameters[params[c.param].name] = [c.hit];
    if (c.hit.start < start) start = c.hit.start;
    if (c.hit.end > end) end = c.hit.end;
  }
  if (interaction.hasMultiple)
    params.forEach((param, p) => {
      const own = parameters[param.name];
      if (!param.multiple || !own) return;
      const lo = distance < 0 ? blockFirst : first - distance;
      const hi = distance < 0 ? blockLast : last + distance;
      const list = byParam[p];
      // Hits are in text order: only those whose first token is in the window are looked at.
      for (let k = firstFrom(list, lo); k < list.length && list[k].first <= hi; k++) {
        s.completion--;
        const h = list[k];
        if (h !== own[0] && h.last <= hi && !overlaps(h, used)) {
          own.push(h);
          mark(h, used, 1);
        }
      }
      own.sort((a, b) => a.first - b.first);
    });
  return { interaction, first, last, start, end, parameters };
};
