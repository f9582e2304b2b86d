/**
 * The smallest NLU configuration that finds something: archetypes `cancel` (résilier) and
 * `contract` (contrat), a French context `care`, the interaction `cancellation` on both, and a
 * server `main` loading the context (its fields as given). Answers the server's id.
 */
export const createCancellationNlu = async (
  create: (path: string, body: object) => Promise<{ id: string }>,
  server: Record<string, unknown> = {},
) => {
  await create('archetypes', { name: 'cancel', expressions: [{ type: 'term', value: 'résilier' }] });
  await create('archetypes', { name: 'contract', expressions: [{ type: 'term', value: 'contrat' }] });
  await create('contexts', { name: 'care', languages: ['fr'] });
  await create('interactions', {
    name: 'cancellation',
    contexts: ['care'],
    parameters: [
      { position: 1, name: 'action', archetype: 'cancel' },
      { position: 2, name: 'object', archetype: 'contract' },
    ],
  });
  return (await create('servers', { name: 'main', aiVersion: 'v5', contexts: ['care'], ...server })).id;
};
