import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  listTagVisibilities as listTagVisibilitiesCall,
  listTestSets as listTestSetsCall,
  setTagVisibility as setTagVisibilityCall,
  type TagVisibility,
} from '../../schemas/contracts/test-sets';
import { contractRoute } from '../kernel/http/contract-route';
import { requireLevel, resolveScope } from '../resources/access';
import { listTagVisibilities, listTestSets, setTagVisibility, type TagCaller } from './test-sets';

type Params = { projectId: string };

/**
 * The test sets of a project's bank and their tags made public or private (spec pipeline §2 "my
 * test sets", §4 "Tag: public or private"). Qualifier level on the project, checked here.
 */
export const testSetsRoutes = async (app: FastifyInstance) => {
  const { db } = app;
  app.addHook('onRequest', app.authenticate);

  const callerOf = async (request: FastifyRequest<{ Params: Params }>): Promise<TagCaller> => {
    const scope = await resolveScope(db, request.auth, 'project', request.params.projectId);
    requireLevel(request.auth, scope, 'qualifier');
    const { auth } = request;
    return {
      projectId: scope.id!,
      organisationId: scope.organisationId,
      userId: auth.user.id,
      impersonatorId: auth.impersonator?.id,
      manages:
        auth.user.is_staff ||
        scope.projectLevel === 'configurator' ||
        (scope.organisationId !== undefined &&
          auth.access.organisationRole(scope.organisationId) === 'admin'),
    };
  };

  app.route<{ Params: Params }>({
    ...contractRoute(listTestSetsCall),
    handler: async (request) => listTestSets(db, await callerOf(request)),
  });

  app.route<{ Params: Params }>({
    ...contractRoute(listTagVisibilitiesCall),
    handler: async (request) => listTagVisibilities(db, await callerOf(request)),
  });

  app.route<{ Params: Params; Body: { tag: string; visibility: TagVisibility } }>({
    ...contractRoute(setTagVisibilityCall),
    handler: async (request) => {
      const caller = await callerOf(request);
      const { tag, visibility } = request.body;
      return db.transaction((tx) => setTagVisibility(tx, caller, tag, visibility));
    },
  });
};
