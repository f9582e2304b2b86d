import fs from 'node:fs';
import path from 'node:path';
import { WORKLOAD_DIR } from '../server/pipeline/extractor/test-support/corpus';
import type { CategoryDef, Criterion } from '../server/pipeline/categorisation/model';
import { EMPTY_LANGUAGE_CONFIG, type PipelineConfig } from '../server/pipeline/stage';
import type { NluDefinitions } from '../server/pipeline/nlu/model';
import { allowedEdits, editDistance } from '../server/pipeline/nlu/fuzzy';

/**
 * The shared NLU workload (bench/workload/README.md) mapped onto our model, as its README says:
 * each archetype and each regex is an archetype; each is detected by an interaction of one
 * parameter; each combination is a message category whose one rule says the same thing with
 * all / any / not. Multi-category on: a message gets every combination that holds.
 */
export interface Ruleset {
  archetypes: { symbol: string; terms: string[] }[];
  regexes: { symbol: string; re: string; flags: string }[];
  composites: { symbol: string; expression: string }[];
}

export const loadRuleset = (): Ruleset =>
  JSON.parse(fs.readFileSync(path.join(WORKLOAD_DIR, 'ruleset.json'), 'utf8')) as Ruleset;

/** `A & (B | RE_07) & !C` as a criteria tree: `&` binds looser than `|`, `!` tightest. */
export const parseExpression = (expression: string): Criterion => {
  const tokens = expression.match(/[A-Z_0-9]+|[&|!()]/g) ?? [];
  let i = 0;
  const atom = (): Criterion => {
    const t = tokens[i++];
    if (t === '!') return { type: 'not', children: [atom()] };
    if (t === '(') {
      const inner = or();
      i++; // ')'
      return inner;
    }
    return { type: 'interaction', name: t };
  };
  const and = (): Criterion => {
    const children = [atom()];
    while (tokens[i] === '&') {
      i++;
      children.push(atom());
    }
    return children.length === 1 ? children[0] : { type: 'all', children };
  };
  function or(): Criterion {
    const children = [and()];
    while (tokens[i] === '|') {
      i++;
      children.push(and());
    }
    return children.length === 1 ? children[0] : { type: 'any', children };
  }
  return or();
};

/** The workload as one server's definitions and the categorisation config; `termFactor` multiplies the terms. */
export const workloadConfig = (
  ruleset: Ruleset,
  termFactor = 1,
): Pick<PipelineConfig, 'nlu' | 'categorisation'> & { definitions: NluDefinitions } => {
  const extra = syntheticWords(ruleset.archetypes.length * 20 * (termFactor - 1));
  const definitions: NluDefinitions = {
    archetypes: [
      ...ruleset.archetypes.map((a, k) => ({
        name: a.symbol,
        subArchetypes: [],
        expressions: [
          ...a.terms,
          ...extra.slice(k * 20 * (termFactor - 1), (k + 1) * 20 * (termFactor - 1)),
        ].map((value) => ({ type: 'term' as const, value })),
      })),
      ...ruleset.regexes.map((r) => ({
        name: r.symbol,
        subArchetypes: [],
        expressions: [{ type: 'regex' as const, value: r.re, flags: r.flags }],
      })),
    ],
    interactions: [...ruleset.archetypes, ...ruleset.regexes].map((a) => ({
      name: a.symbol,
      enabled: true,
      ordered: false,
      distance: -1,
      contexts: ['workload'],
      parameters: [{ position: 1, name: 'match', archetype: a.symbol }],
      functions: [],
    })),
    functions: [],
    contexts: [{ name: 'workload', languages: [] }],
    server: {
      name: 'workload',
      aiVersion: 'v5',
      defaultLanguage: 'gb',
      responseFormat: 'V5',
      labeling: false,
      multipleInteractions: true,
      contexts: ['workload'],
    },
  };
  const categories: CategoryDef[] = ruleset.composites.map((c) => ({
    name: c.symbol,
    kind: 'message',
    rules: [{ name: c.symbol, priority: 1, enabled: true, criteria: parseExpression(c.expression) }],
  }));
  return {
    definitions,
    nlu: { servers: [{ id: `workload-${termFactor}`, version: '1', state: 'started', definitions }] },
    categorisation: {
      ...EMPTY_LANGUAGE_CONFIG.categorisation,
      categories,
      multiCategory: true,
      interactions: definitions.interactions.map((i) => i.name),
    },
  };
};

/** Deterministic letter strings that are not English words: more terms that cost lookups, never match. */
const syntheticWords = (count: number): string[] => {
  let seed = 12345;
  const next = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff), seed);
  return Array.from({ length: count }, () =>
    Array.from({ length: 5 + (next() % 8) }, () => 'bcdfghjklmnpqrstvwxz'[next() % 20]).join(''),
  );
};

/**
 * The plain evaluation the benchmark checks its answers against: every term tried at every place
 * of the text, word by word, with the tolerance of DESIGN.md §6 computed by brute force — no
 * automaton, no index, no cache shared with the engine.
 */
export const referenceCategories = (
  ruleset: Ruleset,
  subject: string,
  body: string,
  /** Text word → the term words it reaches; shareable across messages (of one `exact` setting). */
  reach: Map<string, Set<string>> = new Map(),
  /** Terms match exactly, without the tolerance (archetype expressions with `exact`). */
  { exact = false }: { exact?: boolean } = {},
): string[] => {
  const words = (s: string) =>
    s
      .normalize('NFKC')
      .toLowerCase()
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  const termWords = [...new Set(ruleset.archetypes.flatMap((a) => a.terms.flatMap(words)))];
  const reached = (textWord: string) => {
    let set = reach.get(textWord);
    if (!set) {
      set = new Set(
        termWords.filter((w) => {
          const max = exact ? 0 : allowedEdits(w);
          return w === textWord || (max > 0 && editDistance(textWord, w, max) <= max);
        }),
      );
      reach.set(textWord, set);
    }
    return set;
  };
  const present = new Set<string>();
  for (const text of [subject, body]) {
    const tokens = words(text);
    for (const a of ruleset.archetypes)
      if (
        a.terms.some((term) => {
          const t = words(term);
          for (let i = 0; i + t.length <= tokens.length; i++)
            if (t.every((w, k) => reached(tokens[i + k]).has(w))) return true;
          return false;
        })
      )
        present.add(a.symbol);
    for (const r of ruleset.regexes) if (new RegExp(r.re, r.flags).test(text)) present.add(r.symbol);
  }
  const holds = (c: Criterion): boolean =>
    c.type === 'interaction'
      ? present.has(c.name!)
      : c.type === 'not'
        ? !holds(c.children![0])
        : c.type === 'all'
          ? c.children!.every(holds)
          : c.children!.some(holds);
  return ruleset.composites.filter((c) => holds(parseExpression(c.expression))).map((c) => c.symbol);
};
