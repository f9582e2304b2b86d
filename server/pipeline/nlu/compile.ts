// Compiling an NLU server's configuration: the compiled form (archetypes and their closures, the
// term automaton, the regular expressions, the interactions) and compileNlu, which builds it.
// Its problems are in compile-problems.ts, an interaction's distance in distance.ts.
import { BUILTIN_ARCHETYPES } from './builtins';
import {
  archetypeProblem,
  interactionProblem,
  interactionProblems,
  NluCompileError,
  problemOf,
  type ConfigurationProblem,
} from './compile-problems';
import { distanceOf } from './distance';
import { FuzzyIndex } from './fuzzy';
import { functionProblems } from './functions';
import type { InteractionFunctionDef, NluDefinitions, ServerDef } from './model';
import { regexGate, type RegexGate } from './regex-gate';
import { regexRefusal } from './regex-safety';
import { wordPrefixIndex, type WordPrefixIndex } from './word-prefixes';
import { tokenise } from './text';

export interface CompiledArchetype {
  name: string;
  builtin: boolean;
  /** This archetype and every sub-archetype it reaches: their own matches are its matches. */
  closure: number[];
}

export interface CompiledTerm {
  owner: number;
  text: string;
  exact: boolean;
}

export interface CompiledRegex {
  owner: number;
  regex: RegExp;
  /** The same expression, sticky: tried where a prefix literal stands. */
  sticky: RegExp;
  label: string;
  /** Literals one of which every match holds: a text without them is not scanned. */
  gate: RegexGate;
}

/** A node of the term automaton: words (vocabulary ids) lead to nodes; terms end at nodes. */
export interface TrieNode {
  next: Map<number, TrieNode>;
  terms: number[];
}

export interface CompiledParameter {
  name: string;
  position: number;
  archetype: number;
  optional: boolean;
  multiple: boolean;
  resetConversation: boolean;
}

export interface CompiledInteraction {
  name: string;
  index: number;
  context: string;
  languages: string[];
  ordered: boolean;
  distance: number;
  /** By position. */
  parameters: CompiledParameter[];
  hasOptional: boolean;
  hasMultiple: boolean;
  functions: InteractionFunctionDef[];
}

export interface CompiledNlu {
  server: ServerDef;
  archetypes: CompiledArchetype[];
  archetypeIndex: Map<string, number>;
  terms: CompiledTerm[];
  vocabulary: FuzzyIndex;
  trie: TrieNode;
  regexes: CompiledRegex[];
  interactions: CompiledInteraction[];
  /** Interactions of the server's contexts that are disabled: rules naming them are flagged. */
  disabledInteractions: Set<string>;
  /** Archetypes some interaction needs; the others are matched only when asked (NLU test page). */
  needed: boolean[];
  /** By archetype: the archetypes whose closure holds it (its own matches are theirs too). */
  reachedBy: number[][];
  /** By archetype: the interactions one of whose parameters it can serve. */
  interactionsOf: number[][];
  /** Where expressions that start with a word may match (see word-prefixes.ts). */
  wordPrefixes: WordPrefixIndex;
}

const newNode = (): TrieNode => ({ next: new Map(), terms: [] });

/** Every problem of the archetypes: unknown sub-archetypes, cycles, bad expressions. */
const archetypeClosures = (defs: NluDefinitions, problems: ConfigurationProblem[]) => {
  const archetypes: CompiledArchetype[] = [
    ...BUILTIN_ARCHETYPES.map((b) => ({ name: b.name, builtin: true, closure: [] as number[] })),
    ...defs.archetypes.map((a) => ({ name: a.name, builtin: false, closure: [] as number[] })),
  ];
  const index = new Map(archetypes.map((a, i) => [a.name, i]));
  const subs = archetypes.map(() => [] as number[]);
  defs.archetypes.forEach((a, i) => {
    for (const sub of a.subArchetypes) {
      const target = index.get(sub);
      if (target === undefined)
        problems.push(archetypeProblem(a.name, { code: 'nluSubArchetypeUnknown', params: { name: sub } }));
      else subs[BUILTIN_ARCHETYPES.length + i].push(target);
    }
  });
  // Depth-first with colours: a grey node met again closes a cycle.
  const colour = archetypes.map(() => 0);
  const visit = (i: number, path: number[]): void => {
    colour[i] = 1;
    for (const s of subs[i]) {
      if (colour[s] === 1) {
        const cycle = [...path.slice(path.indexOf(s)), s].map((k) => archetypes[k].name);
        problems.push({
          ...archetypeProblem(archetypes[s].name, {
            code: 'nluSubArchetypeCycle',
            params: { cycle: cycle.join(' → ') },
          }),
          name: archetypes[i].name,
        });
      } else if (colour[s] === 0) visit(s, [...path, s]);
    }
    colour[i] = 2;
  };
  archetypes.forEach((_, i) => colour[i] === 0 && visit(i, [i]));
  archetypes.forEach((a, i) => {
    const seen = new Set([i]);
    const stack = [i];
    while (stack.length)
      for (const s of subs[stack.pop()!])
        if (!seen.has(s)) {
          seen.add(s);
          stack.push(s);
        }
    a.closure = [...seen];
  });
  return { archetypes, index };
};

/**
 * Compiles what one NLU server loads ("starting" a server): the terms of every archetype into one
 * word automaton over a typo-tolerant vocabulary, the regular expressions (refused when unsafe),
 * and the interactions of its contexts with their functions. Throws `NluCompileError` listing
 * every problem at once.
 *
 * @example
 *   const nlu = compileNlu(definitions);
 *   analyseText(nlu, 'Je déclare un sinistre', { language: 'fr' }).interactions;
 */
export const compileNlu = (defs: NluDefinitions): CompiledNlu => {
  const problems: ConfigurationProblem[] = [];
  const { archetypes, index } = archetypeClosures(defs, problems);

  const words: string[] = [];
  const wordIds = new Map<string, number>();
  /** Words of some term matched with typo tolerance: a word only exact terms use is looked up exactly. */
  const tolerant = new Set<number>();
  const terms: CompiledTerm[] = [];
  const trie = newNode();
  const regexes: CompiledRegex[] = BUILTIN_ARCHETYPES.map((b, owner) => ({
    owner,
    regex: b.pattern,
    sticky: new RegExp(b.pattern.source, `${b.pattern.flags.replace('g', '')}y`),
    label: b.name,
    gate: regexGate(b.pattern.source, b.pattern.flags.replace('g', '')),
  }));
  defs.archetypes.forEach((a, k) => {
    const owner = BUILTIN_ARCHETYPES.length + k;
    if (!a.name?.trim()) problems.push(problemOf('archetype', '', { code: 'nluArchetypeNoName' }));
    if (owner !== index.get(a.name))
      problems.push(
        archetypeProblem(a.name, {
          code: 'nluNameTaken',
          params: { builtins: BUILTIN_ARCHETYPES.map((b) => b.name).join(', ') },
        }),
      );
    for (const e of a.expressions) {
      if (e.type === 'regex') {
        const refusal = regexRefusal(e.value, e.flags ?? '');
        if (refusal) problems.push(archetypeProblem(a.name, refusal));
        else
          regexes.push({
            owner,
            regex: new RegExp(e.value, `${e.flags ?? ''}g`),
            sticky: new RegExp(e.value, `${e.flags ?? ''}y`),
            label: `/${e.value}/${e.flags ?? ''}`,
            gate: regexGate(e.value, e.flags ?? ''),
          });
        continue;
      }
      const tokens = tokenise(e.value).norm;
      if (tokens.length === 0) {
        problems.push(archetypeProblem(a.name, { code: 'nluTermWithoutLetter', params: { term: e.value } }));
        continue;
      }
      let node = trie;
      for (const word of tokens) {
        let id = wordIds.get(word);
        if (id === undefined) wordIds.set(word, (id = words.push(word) - 1));
        if (e.exact !== true) tolerant.add(id);
        let child = node.next.get(id);
        if (!child) node.next.set(id, (child = newNode()));
        node = child;
      }
      node.terms.push(terms.push({ owner, text: e.value, exact: e.exact === true }) - 1);
    }
  });

  const contexts = new Map(defs.contexts.map((c) => [c.name, c]));
  for (const name of defs.server.contexts)
    if (!contexts.has(name))
      problems.push(
        problemOf('server', defs.server.name, {
          code: 'nluServerContextUnknown',
          params: { server: defs.server.name, name },
        }),
      );
  const loaded = new Set(defs.server.contexts);
  const functions = new Map(defs.functions.map((f) => [f.name, f]));
  const interactionNames = new Set(defs.interactions.map((i) => i.name));
  const interactions: CompiledInteraction[] = [];
  const disabledInteractions = new Set<string>();
  for (const def of defs.interactions) {
    const context = def.contexts.find((c) => loaded.has(c));
    if (!context) continue;
    if (!def.enabled) {
      disabledInteractions.add(def.name);
      continue;
    }
    const own = interactionProblems(def, index);
    for (const f of def.functions) {
      const fn = functions.get(f);
      if (!fn) own.push(interactionProblem(def.name, { code: 'nluFunctionUnknown', params: { name: f } }));
      else
        for (const reason of functionProblems(fn, interactionNames))
          own.push(
            problemOf('interactionFunction', f, { code: 'nluFunction', params: { function: f, reason } }),
          );
    }
    problems.push(...own);
    if (own.length) continue;
    interactions.push({
      name: def.name,
      index: interactions.length,
      context,
      languages: contexts.get(context)?.languages ?? [],
      ordered: def.ordered,
      distance: distanceOf(def, defs.server.aiVersion),
      parameters: [...def.parameters]
        .sort((a, b) => a.position - b.position)
        .map((p) => ({
          name: p.name,
          position: p.position,
          archetype: index.get(p.archetype)!,
          optional: p.optional === true,
          multiple: p.multiple === true,
          resetConversation: p.resetConversation === true,
        })),
      functions: def.functions.map((f) => functions.get(f)!).filter((f) => f.enabled),
      hasOptional: def.parameters.some((p) => p.optional === true),
      hasMultiple: def.parameters.some((p) => p.multiple === true),
    });
  }
  if (problems.length) throw new NluCompileError(problems);

  const needed = archetypes.map(() => false);
  const reachedBy = archetypes.map(() => [] as number[]);
  archetypes.forEach((a, k) => a.closure.forEach((member) => reachedBy[member].push(k)));
  const interactionsOf = archetypes.map(() => new Set<number>());
  for (const i of interactions)
    for (const p of i.parameters)
      for (const a of archetypes[p.archetype].closure) {
        needed[a] = true;
        interactionsOf[a].add(i.index);
      }
  return {
    server: defs.server,
    archetypes,
    archetypeIndex: index,
    terms,
    vocabulary: new FuzzyIndex(words, tolerant),
    trie,
    regexes,
    interactions,
    disabledInteractions,
    needed,
    reachedBy,
    interactionsOf: interactionsOf.map((set) => [...set]),
    wordPrefixes: wordPrefixIndex(regexes),
  };
};
