import { inOrder, type Hit } from './archetype-matches';
import type { CompiledInteraction } from './compile';
import { Scratch } from './scratch';

/** One place an interaction occurs: the hits chosen for its parameters, by parameter name. */
export interface Occurrence {
  interaction: CompiledInteraction;
  first: number;
  last: number;
  start: number;
  end: number;
  /** Chosen hits by parameter; a `multiple` parameter holds every hit collected in the window. */
  parameters: Record<string, Hit[]>;
  /** Values given by functions (copyParameter), by parameter name; absent until one is. */
  copied?: Record<string, { value: string; from: string }>;
}

/** Search steps allowed per interaction and block: a bound on adversarial texts, never reached by real ones. */
export const SEARCH_BUDGET = 20_000;

/**
 * Matches looked at while completing occurrences (optional and multiple parameters), per interaction
 * and block: each occurrence looks near its own place, but a hostile text can make every occurrence
 * look past every match of the block (a cost growing with their square). Real texts stay far below.
 */
export const COMPLETION_BUDGET = 1_000_000;

interface Choice {
  param: number;
  hit: Hit;
}

/** Tokens already serving a parameter, by position in the block (`offset` is the block's first token). */
interface Used {
  marks: Uint8Array;
  offset: number;
}

/** The marks of `Used`: one array for every search, which do not nest. */
const usedMarks = new Scratch((n) => new Uint8Array(n));

const overlaps = (hit: Hit, used: Used) => {
  for (let t = hit.first - used.offset; t < hit.last - used.offset; t++) if (used.marks[t]) return true;
  return false;
};

const mark = (hit: Hit, used: Used, value: 0 | 1) => {
  for (let t = hit.first - used.offset; t < hit.last - used.offset; t++) used.marks[t] = value;
};

/**
 * The occurrences of an interaction in one block (DESIGN.md §6). `hits[p]` are the matches of
 * parameter p's archetype inside the block, in text order; `blockFirst`/`blockLast` its tokens.
 *
 * Occurrences are found left to right: from each possible first match, a depth-first search picks
 * one match per required parameter in text order such that no token serves twice, the parameters
 * follow their positions when the interaction is ordered, and consecutive chosen matches are at most
 * `distance` tokens apart. Optional parameters then take the nearest fitting match; `multiple` ones
 * collect every match of their archetype in the window (the occurrence ± distance, the block when
 * -1). Tokens of an occurrence are not used by a later occurrence of the same interaction.
 *
 * @example
 *   findOccurrences(interaction, [[hitOfDeclare], [hitOfClaim]], 0, 12).length; // 1
 */
export const findOccurrences = (
  interaction: CompiledInteraction,
  hits: Hit[][],
  blockFirst: number,
  blockLast: number,
): { occurrences: Occurrence[]; exhausted: boolean } => {
  const params = interaction.parameters;
  if (params.length === 1 && !params[0].multiple)
    return { occurrences: single(interaction, hits[0]), exhausted: false };
  const required = params.map((_, i) => i).filter((i) => !params[i].optional);
  if (required.some((p) => hits[p].length === 0)) return { occurrences: [], exhausted: false };
  const s: Search = {
    required,
    byParam: hits,
    ordered: interaction.ordered,
    distance: interaction.distance,
    used: { marks: usedMarks.cleared(blockLast - blockFirst + 1), offset: blockFirst },
    chosen: [],
    filled: new Set<number>(),
    budget: SEARCH_BUDGET,
    completion: COMPLETION_BUDGET,
  };
  const { chosen, filled, used } = s;
  const anchors: Choice[] = (s.ordered ? [required[0]] : required)
    .flatMap((param) => hits[param].map((hit) => ({ param, hit })))
    .sort((a, b) => a.hit.first - b.hit.first || a.hit.last - b.hit.last);
  const occurrences: Occurrence[] = [];
  for (const anchor of anchors) {
    if (s.budget < 0 || s.completion < 0) break;
    if (overlaps(anchor.hit, used)) continue;
    chosen.length = 0;
    filled.clear();
    chosen.push(anchor);
    filled.add(anchor.param);
    mark(anchor.hit, used, 1);
    if (!extend(s, anchor.hit.last)) {
      mark(anchor.hit, used, 0);
      continue;
    }
    occurrences.push(complete(s, interaction, [...chosen], blockFirst, blockLast));
  }
  return { occurrences, exhausted: s.budget < 0 || s.completion < 0 };
};

/** One interaction's depth-first search in a block. */
interface Search {
  /** The required parameters, by position. */
  required: number[];
  byParam: Hit[][];
  ordered: boolean;
  distance: number;
  used: Used;
  /** The matches chosen so far, and the parameters they fill. */
  chosen: Choice[];
  filled: Set<number>;
  /** Steps left (SEARCH_BUDGET at the start). */
  budget: number;
  /** Matches the completion of occurrences may still look at (COMPLETION_BUDGET at the start). */
  completion: number;
}

/**
 * The index of the first hit of `list` whose first token is at or after `token`; a hit list is in
 * text order, so its first tokens ascend.
 */
export const firstFrom = (list: Hit[], token: number): number => {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid].first < token) lo = mid + 1;
    else hi = mid;
  }
  return lo;
};

/** Fills the required parameters left, after token `lastEnd`: false when no choice fits or the budget is spent. */
const extend = (s: Search, lastEnd: number): boolean => {
  const { required, filled, chosen, used, distance } = s;
  if (filled.size === required.length) return true;
  const next = s.ordered ? [required.find((p) => !filled.has(p))!] : required.filter((p) => !filled.has(p));
  for (const p of next) {
    const list = s.byParam[p];
    // The hits before `lastEnd` are skipped at once: walking them cost each anchor the whole list.
    for (let k = firstFrom(list, lastEnd); k < list.length; k++) {
      const hit = list[k];
      if (distance >= 0 && hit.first - lastEnd > distance) break;
      if (--s.budget < 0) return false;
      if (overlaps(hit, used)) continue;
      chosen.push({ param: p, hit });
      filled.add(p);
      mark(hit, used, 1);
      if (extend(s, hit.last)) return true;
      mark(hit, used, 0);
      filled.delete(p);
      chosen.pop();
    }
  }
  return false;
};

/** By first token, then by last. */
const byTokens = (a: Hit, b: Hit) => a.first - b.first || a.last - b.last;

/**
 * The occurrences of a one-parameter interaction (the commonest: "this archetype is here"): each
 * match not overlapping an earlier one, which is what the general search gives, without its
 * bookkeeping.
 */
const single = (interaction: CompiledInteraction, hits: Hit[]): Occurrence[] => {
  const name = interaction.parameters[0].name;
  const sorted = inOrder(hits, byTokens) ? hits : [...hits].sort(byTokens);
  const occurrences: Occurrence[] = [];
  let last = -1;
  for (const h of sorted)
    if (h.first >= last || h.first === h.last) {
      if (h.last > last) last = h.last;
      const parameters: Record<string, Hit[]> = {};
      parameters[name] = [h];
      occurrences.push({
        interaction,
        first: h.first,
        last: h.last,
        start: h.start,
        end: h.end,
        parameters,
      });
    }
  return occurrences;
};

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
const complete = (
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

/** The best occurrence when only one is kept per block: most parameters, then shortest, then first. */
export const bestOccurrence = (list: Occurrence[]): Occurrence | undefined =>
  [...list].sort(
    (a, b) =>
      Object.values(b.parameters).flat().length - Object.values(a.parameters).flat().length ||
      a.last - a.first - (b.last - b.first) ||
      a.first - b.first,
  )[0];
