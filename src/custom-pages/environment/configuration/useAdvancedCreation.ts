import { useState } from 'react';
import { useDataProvider, useGetList, type RaRecord } from 'react-admin';
import { errorMessage } from '../../../api/errors';
import { getResource } from '../../../resources/registry';

/** What the advanced creation wizard makes: each part new, or an existing one reused by name. */
export interface AdvancedCreation {
  archetype: { name: string; terms: string; reuse: boolean };
  interaction: { name: string; contexts: string[]; reuse: boolean };
  functions: string[];
  category: { name: string; kind: 'message' | 'attachment'; rule: string; priority: number; reuse: boolean };
}

const PAGE = { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' as const } };

/** The names of a kind in the environment, for the 'already exists' flags. */
const useNames = (path: string, envId: string) => {
  const { data } = useGetList<RaRecord>(getResource(path).apiResource(envId), PAGE);
  return (data ?? []).map((r) => String(r.name));
};

/**
 * The wizard's data and its one action: create, in order, what is new — the archetype, the
 * interaction on it (in the chosen contexts, with the chosen functions), the category with a rule
 * on that interaction — reusing what already exists. A failure stops there and says why; what was
 * made before it stays (each part is a whole entity the user can edit).
 */
export const useAdvancedCreation = (envId: string) => {
  const dataProvider = useDataProvider();
  const names = {
    archetypes: useNames('archetypes', envId),
    interactions: useNames('interactions', envId),
    categories: useNames('categories', envId),
    contexts: useNames('contexts', envId),
    functions: useNames('interaction-functions', envId),
  };
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const create = async (plan: AdvancedCreation): Promise<boolean> => {
    setBusy(true);
    setError(undefined);
    const post = (path: string, data: Record<string, unknown>) =>
      dataProvider.create(getResource(path).apiResource(envId), { data });
    try {
      if (!plan.archetype.reuse)
        await post('archetypes', {
          name: plan.archetype.name,
          expressions: plan.archetype.terms
            .split('\n')
            .map((t) => t.trim())
            .filter(Boolean)
            .map((value) => ({ type: 'term', value })),
        });
      if (!plan.interaction.reuse)
        await post('interactions', {
          name: plan.interaction.name,
          contexts: plan.interaction.contexts,
          functions: plan.functions,
          parameters: [{ position: 1, name: plan.archetype.name, archetype: plan.archetype.name }],
        });
      if (!plan.category.reuse)
        await post('categories', {
          name: plan.category.name,
          kind: plan.category.kind,
          rules: [
            {
              name: plan.category.rule,
              priority: plan.category.priority,
              criteria: { type: 'interaction', name: plan.interaction.name },
            },
          ],
        });
      return true;
    } catch (e) {
      setError(errorMessage(e));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { names, create, busy, error };
};
