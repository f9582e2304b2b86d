import { analyseText } from './analyse';
import { compileNlu } from './compile';
import type {
  InteractionDef,
  InteractionFunctionDef,
  InteractionParameterDef,
  NluDefinitions,
} from './model';

/**
 * Builds NLU definitions in a line per entity, for the engine's tests: archetypes as lists of
 * expressions ('/…/flags' is a regex, a leading '=' an exact term, '@name' a sub-archetype).
 */
export const definitions = (spec: {
  archetypes?: Record<string, string[]>;
  interactions?: (Omit<Partial<InteractionDef>, 'parameters'> & {
    name: string;
    parameters: (Partial<InteractionParameterDef> & { archetype: string })[];
  })[];
  functions?: InteractionFunctionDef[];
  multipleInteractions?: boolean;
  contexts?: Record<string, string[]>;
}): NluDefinitions => ({
  archetypes: Object.entries(spec.archetypes ?? {}).map(([name, items]) => ({
    name,
    subArchetypes: items.filter((i) => i.startsWith('@')).map((i) => i.slice(1)),
    expressions: items
      .filter((i) => !i.startsWith('@'))
      .map((i) => {
        const regex = /^\/(.*)\/([imsu]*)$/.exec(i);
        if (regex) return { type: 'regex' as const, value: regex[1], flags: regex[2] };
        return i.startsWith('=')
          ? { type: 'term' as const, value: i.slice(1), exact: true }
          : { type: 'term' as const, value: i };
      }),
  })),
  interactions: (spec.interactions ?? []).map((i) => ({
    enabled: true,
    ordered: false,
    distance: -1,
    contexts: ['main'],
    functions: [],
    ...i,
    parameters: i.parameters.map((p, k) => ({ position: k + 1, name: p.archetype, ...p })),
  })),
  functions: spec.functions ?? [],
  contexts: Object.entries(spec.contexts ?? { main: [] }).map(([name, languages]) => ({ name, languages })),
  server: {
    name: 'server',
    aiVersion: 'v5',
    defaultLanguage: 'fr',
    responseFormat: 'V5',
    labeling: false,
    multipleInteractions: spec.multipleInteractions ?? true,
    contexts: Object.keys(spec.contexts ?? { main: [] }),
  },
});

/** The occurrences of every interaction in a text, as "name: param=words, …" lines. */
export const occurrencesIn = (defs: NluDefinitions, text: string, language: string | null = null): string[] =>
  analyseText(compileNlu(defs), text, { language }).occurrences.map(
    (o) =>
      `${o.interaction.name}: ${Object.entries(o.parameters)
        .map(([name, hits]) => `${name}=${hits.map((h) => text.slice(h.start, h.end)).join('|')}`)
        .concat(Object.entries(o.copied ?? {}).map(([name, c]) => `${name}=${c.value}`))
        .join(', ')}`,
  );

/** The words an archetype matches in a text. */
export const archetypeMatches = (defs: NluDefinitions, archetype: string, text: string): string[] => {
  const nlu = compileNlu(defs);
  const analysis = analyseText(nlu, text, { language: null, allArchetypes: true });
  const index = nlu.archetypeIndex.get(archetype)!;
  return nlu.archetypes[index].closure
    .flatMap((a) => analysis.own[a] ?? [])
    .sort((a, b) => a.start - b.start)
    .map((h) => text.slice(h.start, h.end));
};
