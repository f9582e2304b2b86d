import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  NLU_LABELLING_LIST_MAX,
  labelAnalysis as labelAnalysisCall,
  listNluLabelling,
  type LabellingItem,
  type NluVerdict,
} from '../../schemas/contracts/nlu-labelling';
import { contractRoute } from '../kernel/http/contract-route';
import { isUuid } from '../kernel/http/ids';
import { requireLevel, resolveScope } from '../resources/access';
import { analysisNotFound } from './console-routes';
import { getAnalysis, labelAnalysis, listLabelling, type LabellingRow } from './repository';

const item = (row: LabellingRow): LabellingItem => ({
  id: row.id,
  name: row.name,
  createdAt: row.created_at.toISOString(),
  labelling: row.nlu_labelling,
  verdicts: row.nlu_verdicts,
});

/**
 * The NLU labelling view's calls (docs/decisions/nlu-labelling.md): the analyses a labelling
 * server read, and a qualifier's verdicts on their interactions. Qualifiers and above, like the
 * analyses they judge.
 */
export const nluLabellingRoutes = async (app: FastifyInstance) => {
  const { db } = app;
  app.addHook('onRequest', app.authenticate);

  const qualifierScope = async (request: FastifyRequest<{ Params: { envId: string } }>) => {
    const scope = await resolveScope(db, request.auth, 'environment', request.params.envId);
    requireLevel(request.auth, scope, 'qualifier');
    return scope.id!;
  };

  app.route({
    ...contractRoute(listNluLabelling),
    handler: async (request: FastifyRequest<{ Params: { envId: string } }>) => {
      const { items, totals } = await listLabelling(
        db,
        await qualifierScope(request),
        NLU_LABELLING_LIST_MAX,
      );
      return { items: items.map(item), totals };
    },
  });

  app.route({
    ...contractRoute(labelAnalysisCall),
    handler: async (
      request: FastifyRequest<{ Params: { envId: string; id: string }; Body: { verdicts: NluVerdict[] } }>,
    ) => {
      const envId = await qualifierScope(request);
      const row = isUuid(request.params.id) ? await getAnalysis(db, request.params.id, envId) : undefined;
      if (!row) throw analysisNotFound();
      return item(await labelAnalysis(db, row, request.body.verdicts, request.auth.user.id));
    },
  });
};
