import type { ResourceSchema } from '../../schemas/_defs/admin';
import type { ResourceRulesMap } from '../resources/rules';
import { followRename, refuseDeletionInUse } from './references';
import { documentRules } from './save-rules';

/**
 * The environment configuration's rules of its resources (server/resources/rules.ts): each kind's
 * save checks (save-rules.ts), and for every document of an environment the delete guard that
 * refuses removing what others name, and renames that follow through the configuration
 * (references.ts).
 */
export const configurationRules = (schemas: readonly ResourceSchema[]): ResourceRulesMap =>
  Object.fromEntries(
    schemas
      .filter((s) => s['x-admin'].storage === 'document' && s['x-admin'].scope === 'environment')
      .map((schema) => [
        schema.$id,
        {
          check: documentRules[schema.$id],
          beforeDelete: (q, environmentId, id) => refuseDeletionInUse(q, environmentId, schema.$id, id),
          afterUpdate: async (q, environmentId, { before, after }, actor) => {
            await followRename(q, environmentId, { resource: schema.$id, before, after }, actor);
          },
        },
      ]),
  );
