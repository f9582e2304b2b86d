// An interaction's occurrence, and the state of the search that finds them in a block: the matches
// chosen for its parameters, the tokens already used, and where a token's hits start in a list.
import type { Hit } from './archetype-matches';
import type { CompiledInteraction } from './compile';

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

/** A match chosen for a parameter. */
export interface Choice {
  param: number;
  hit: Hit;
}

/** Tokens already serving a parameter, by position in the block (`offset` is the block's first token). */
export interface Used {
  marks: Uint8Array;
  offset: number;
}

/** Whether a hit uses a token already used. */
export const overlaps = (hit: Hit, used: Used) => {
  for (let t = hit.first - used.offset; t < hit.last - used.offset; t++) if (used.marks[t]) return true;
  return false;
};

/** Marks a hit's tokens as used (1) or frees them (0). */
export const mark = (hit: Hit, used: Used, value: 0 | 1) => {
  for (let t = hit.first - used.offset; t < hit.last - used.offset; t++) used.marks[t] = value;
};

/** One interaction's depth-first search in a block. */
export interface Search {
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
