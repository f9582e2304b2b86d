import { randomUUID } from 'node:crypto';

/**
 * A configuration of about 500 graph nodes (the graph view must stay legible and lay out
 * in ≤ 1 s at that size: docs/decisions/dashboard-graph-layout.md), for the end-to-end test and
 * `bench graph`: 5 servers of 4 contexts each, 200 archetypes, 150 interactions of two archetypes
 * each, 50 categories of two rules each. Every entity is used, so nothing stands out but what a
 * test adds.
 *
 * @param exported an environment's export (its format, version and settings are kept)
 */
export const largeConfiguration = (exported: Record<string, unknown>) => {
  const entity = <T extends { name: string }>(data: T) => ({ id: randomUUID(), ...data });
  const archetypes = Array.from({ length: 200 }, (_, i) =>
    entity({ name: `archetype ${i + 1}`, expressions: [{ type: 'term', value: `terme${i + 1}` }] }),
  );
  const contexts = Array.from({ length: 20 }, (_, i) =>
    entity({ name: `context ${i + 1}`, languages: ['fr'] }),
  );
  const servers = Array.from({ length: 5 }, (_, i) =>
    entity({ name: `server ${i + 1}`, contexts: contexts.slice(i * 4, i * 4 + 4).map((c) => c.name) }),
  );
  const interactions = Array.from({ length: 150 }, (_, i) =>
    entity({
      name: `interaction ${i + 1}`,
      contexts: [contexts[i % contexts.length].name],
      parameters: [
        { position: 1, name: 'first', archetype: archetypes[(2 * i) % 200].name },
        { position: 2, name: 'second', archetype: archetypes[(2 * i + 1) % 200].name },
      ],
    }),
  );
  const categories = Array.from({ length: 50 }, (_, i) =>
    entity({
      name: `category ${i + 1}`,
      kind: 'message',
      rules: [0, 1].map((r) => ({
        name: `rule ${r + 1}`,
        priority: i * 2 + r,
        criteria: { type: 'interaction', name: interactions[(i * 3 + r) % interactions.length].name },
      })),
    }),
  );
  return {
    ...exported,
    entities: { archetypes, contexts, servers, interactions, categories },
  };
};
