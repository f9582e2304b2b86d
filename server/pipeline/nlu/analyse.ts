import { traceMessage, type TraceMessage } from '../../../schemas/trace-messages';
import { archetypeHits, matchArchetypes, type Hit } from './archetype-matches';
import type { CompiledInteraction, CompiledNlu } from './compile';
import { applyFunctions } from './functions';
import { bestOccurrence, findOccurrences } from './interactions';
import { firstFrom, type Occurrence } from './occurrences';
import { Scratch } from './scratch';
import { tokenRange, tokenise, type Tokens } from './text';

export interface TextAnalysis {
  tokens: Tokens;
  /** Every archetype's own matches (only the archetypes asked for, or needed by interactions). */
  own: Hit[][];
  occurrences: Occurrence[];
  /** By code (schemas/trace-messages.ts): the NLU step's trace and the NLU test page say them. */
  warnings: TraceMessage[];
}

export interface AnalyseOptions {
  /** The document's language; interactions of contexts fixed to other languages do not run. */
  language: string | null;
  /** Blocks of the text ([start, end) characters); occurrences never straddle two. Default: one. */
  blocks?: { start: number; end: number }[];
  /** Match every archetype, not only those the interactions need (the NLU test page shows them all). */
  allArchetypes?: boolean;
}

/** Whether every required parameter's archetype matched (loops: this runs per interaction and text). */
const serves = (interaction: CompiledInteraction, matched: Uint8Array) => {
  for (const p of interaction.parameters) if (!p.optional && matched[p.archetype] === 0) return false;
  return true;
};

const speaks = (languages: string[], language: string | null) =>
  language === null || languages.length === 0 || languages.includes('auto') || languages.includes(language);

/** The matches of each of an interaction's parameters' archetypes, by position. */
const hitsOf = (nlu: CompiledNlu, own: Hit[][], interaction: CompiledInteraction): Hit[][] =>
  interaction.parameters.map((p) => archetypeHits(nlu, own, p.archetype));

/** Whether an interaction has a parameter marked "reset conversation". */
const resets = (interaction: CompiledInteraction) => interaction.parameters.some((p) => p.resetConversation);

/**
 * Runs a compiled server over one text: archetype matches; the conversation reset (the end of the
 * first occurrence of an interaction with a "reset conversation" parameter), after which no match
 * counts; each interaction's occurrences block by block, among the matches before the reset; the
 * interaction functions; then, when the server keeps a single interaction, the best occurrence per
 * block among those the functions kept (DESIGN.md §6).
 *
 * @example
 *   const { occurrences } = analyseText(nlu, 'Je souhaite déclarer un sinistre', { language: 'fr' });
 */
export const analyseText = (nlu: CompiledNlu, text: string, options: AnalyseOptions): TextAnalysis => {
  const tokens = tokenise(text);
  const wanted = options.allArchetypes ? nlu.archetypes.map(() => true) : nlu.needed;
  const own = matchArchetypes(nlu, text, tokens, wanted);
  const warnings: TraceMessage[] = [];
  const blocks = (options.blocks ?? [{ start: 0, end: text.length }]).map((b) =>
    tokenRange(tokens, b.start, b.end),
  );
  // Only interactions that some matched archetype can serve are looked at (the sparse `own` says
  // which matched), in their configured order: marks by archetype and by interaction.
  const matched = matchedMarks.cleared(nlu.archetypes.length);
  const candidate = candidateMarks.cleared(nlu.interactions.length);
  own.forEach((_hits, owner) => {
    for (const a of nlu.reachedBy[owner]) matched[a] = 1;
    for (const i of nlu.interactionsOf[owner]) candidate[i] = 1;
  });
  const runnable: CompiledInteraction[] = [];
  for (let index = 0; index < nlu.interactions.length; index++) {
    const interaction = nlu.interactions[index];
    if (
      candidate[index] === 1 &&
      serves(interaction, matched) &&
      speaks(interaction.languages, options.language)
    )
      runnable.push(interaction);
  }
  // The reset first: a match after it is not part of the conversation, so it can neither start an
  // occurrence nor complete one that starts before it (a quote header's date filling an optional
  // parameter of the quoted request).
  let reset: number | null = null;
  for (const interaction of runnable)
    if (resets(interaction)) {
      const all = hitsOf(nlu, own, interaction);
      for (const block of blocks) {
        const hits = blocks.length === 1 ? all : all.map((list) => inBlock(list, block));
        const point = resetPoint(findOccurrences(interaction, hits, block.first, block.last).occurrences);
        if (point !== null && (reset === null || point < reset)) reset = point;
      }
    }
  const found: Occurrence[] = [];
  // With a single interaction kept, each block's occurrences of each interaction: the best of those
  // the functions keep is chosen after they run.
  const groups: Occurrence[][] | null = nlu.server.multipleInteractions ? null : [];
  const width = tokens.start.length + 1;
  for (const interaction of runnable) {
    let all = hitsOf(nlu, own, interaction);
    if (reset !== null) all = all.map((list) => beforeReset(list, reset));
    // One interaction's occurrences by place, when blocks overlap: found twice, counted once.
    const seen = blocks.length > 1 ? new Map<number, Occurrence>() : null;
    for (const block of blocks) {
      const hits = blocks.length === 1 ? all : all.map((list) => inBlock(list, block));
      const { occurrences, exhausted } = findOccurrences(interaction, hits, block.first, block.last);
      if (exhausted) warnings.push(traceMessage('nluSearchStoppedEarly', { interaction: interaction.name }));
      const group: Occurrence[] = [];
      for (const o of occurrences) {
        const key = o.first * width + o.last;
        const known = seen?.get(key);
        if (known) group.push(known);
        else {
          seen?.set(key, o);
          found.push(o);
          group.push(o);
        }
      }
      if (groups && group.length > 0) groups.push(group);
    }
  }
  const refinedList = refined(found, text);
  let current = refinedList;
  if (groups) {
    const kept = refinedList === found ? null : new Set(refinedList);
    const chosen = new Set<Occurrence>();
    for (const group of groups) {
      const best = bestOccurrence(kept ? group.filter((o) => kept.has(o)) : group);
      if (best) chosen.add(best);
    }
    current = [...chosen];
  }
  const occurrences = inTextOrder(current, nlu.interactions.length);
  return { tokens, own, occurrences, warnings };
};

/** The hits that end before the reset point (characters): the list itself when all do (no copy). */
const beforeReset = (list: Hit[], reset: number): Hit[] =>
  list.every((h) => h.end <= reset) ? list : list.filter((h) => h.end <= reset);

/** Marks by archetype and by interaction, for one text at a time (the analysis is synchronous). */
const matchedMarks = new Scratch((n) => new Uint8Array(n));
const candidateMarks = new Scratch((n) => new Uint8Array(n));

const byPlaceThenInteraction = (a: Occurrence, b: Occurrence) =>
  a.start - b.start || a.interaction.index - b.interaction.index;

/** The keys `inTextOrder` sorts. */
const orderKeys = new Scratch((n) => new Float64Array(n));

/**
 * Occurrences by place, then in the interactions' order; a stable sort. Each occurrence's key
 * (start, interaction, position) is one exact number, and numbers sort without calling a
 * comparator for each comparison; past 2^53 (texts of a size no mail has) the comparator sorts.
 */
export const inTextOrder = (list: Occurrence[], interactions: number): Occurrence[] => {
  const n = list.length;
  if (n < 2) return list;
  let last = 0;
  for (const o of list) if (o.start > last) last = o.start;
  if ((last + 1) * interactions * n > Number.MAX_SAFE_INTEGER) return list.sort(byPlaceThenInteraction);
  const keys = orderKeys.atLeast(n).subarray(0, n);
  for (let k = 0; k < n; k++) keys[k] = (list[k].start * interactions + list[k].interaction.index) * n + k;
  keys.sort();
  const sorted = new Array<Occurrence>(n);
  for (let k = 0; k < n; k++) sorted[k] = list[keys[k] % n];
  return sorted;
};

/**
 * The occurrences the interaction functions keep, grouped by interaction name (a function reads the
 * other occurrences of the interactions it names). Without any function, all of them, ungrouped:
 * the caller's sort by place and interaction gives the same order either way.
 */
const refined = (current: Occurrence[], text: string): Occurrence[] => {
  // `current` is the caller's own list, which it sorts next: no copy (the caller tells by identity
  // that no function ran).
  if (current.every((o) => o.interaction.functions.length === 0)) return current;
  const byName = new Map<string, Occurrence[]>();
  for (const o of current) {
    const list = byName.get(o.interaction.name);
    if (list) list.push(o);
    else byName.set(o.interaction.name, [o]);
  }
  return [...byName.values()].flatMap((list) => applyFunctions(list, text, (name) => byName.get(name) ?? []));
};

/** The hits inside a block of tokens: the list itself when all are (no copy). */
const inBlock = (list: Hit[], block: { first: number; last: number }): Hit[] => {
  // The list is in text order (archetypeHits), so the hits that start in the block are one run,
  // found by binary search: a text of thousands of blocks is not filtered whole for each of them.
  const from = firstFrom(list, block.first);
  const to = firstFrom(list, block.last + 1);
  let inside = true;
  for (let k = from; k < to && inside; k++) inside = list[k].last <= block.last;
  if (inside) return from === 0 && to === list.length ? list : list.slice(from, to);
  const kept: Hit[] = [];
  for (let k = from; k < to; k++) if (list[k].last <= block.last) kept.push(list[k]);
  return kept;
};

/**
 * Where the conversation restarts: the end of the first occurrence that filled a parameter marked
 * "reset conversation". What follows it (in a mail, the quoted earlier messages) no longer counts.
 */
const resetPoint = (occurrences: Occurrence[]): number | null => {
  let point: number | null = null;
  for (const o of occurrences)
    if (o.interaction.parameters.some((p) => p.resetConversation && o.parameters[p.name]))
      point = point === null ? o.end : Math.min(point, o.end);
  return point;
};
