// Finding an interaction's occurrences in a block: the depth-first search over the matches of its
// required parameters, within its budgets, the one-parameter shortcut, and the best occurrence.
// An occurrence's shape is in occurrences.ts, its completion in occurrence-completion.ts.
import { inOrder, type Hit } from './archetype-matches';
import type { CompiledInteraction } from './compile';
import { complete } from './occurrence-completion';
import { firstFrom, mark, overlaps, type Choice, type Occurrence, type Search } from './occurrences';
import { Scratch } from './scratch';

/** Search steps allowed per interaction and block: a bound on adversarial texts, never reached by real ones. */
export const SEARCH_BUDGET = 20_000;

/**
 * Matches looked at while completing occurrences (optional and multiple parameters), per interaction
 * and block: each occurrence looks near its own place, but a hostile text can make every occurrence
 * look past every match of the block (a cost growing with their square). Real texts stay far below.
 */
export const COMPLETION_BUDGET = 1_000_000;

/** The marks of `Used`: one array for every search, which do not nest. */
const usedMarks = new Scratch((n) => new Uint8Array(n));

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

/** The best occurrence when only one is kept per block: most parameters, then shortest, then first. */
export const bestOccurrence = (list: Occurrence[]): Occurrence | undefined =>
  [...list].sort(
    (a, b) =>
      Object.values(b.parameters).flat().length - Object.values(a.parameters).flat().length ||
      a.last - a.first - (b.last - b.first) ||
      a.first - b.first,
  )[0];
