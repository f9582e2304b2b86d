import type { FastifyInstance } from 'fastify';
import { getConfigurationGraph } from '../../schemas/contracts/graph';
import { modulesOf, readSettingsRow } from './modules';
import { contractRoute } from '../kernel/http/contract-route';
import { documentsOfResources } from './documents';
import { configurationGraph, GRAPH_RESOURCES } from './graph';
import { configurableEnvironment } from '../resources/access';

/**
 * GET /v4/console/api/environments/{envId}/graph (spec pipeline §2 `graph`;
 * docs/decisions/dashboard-graph-view.md): the environment's configuration as nodes and edges, for
 * its configurators (another tenant's: 404).
 */
export const graphRoutes = async (app: FastifyInstance) => {
  const { db } = app;
  app.route({
    ...contractRoute(getConfigurationGraph),
    onRequest: app.authenticate,
    handler: async (request) => {
      const { envId } = request.params as { envId: string };
      const scope = await configurableEnvironment(db, request.auth, envId);
      const rows = await documentsOfResources(db, scope.id!, GRAPH_RESOURCES);
      const documents = new Map<string, { id: string; data: Record<string, unknown> }[]>();
      for (const row of rows) {
        if (!documents.has(row.resource)) documents.set(row.resource, []);
        documents.get(row.resource)!.push(row);
      }
      const settings = await readSettingsRow(db, scope.id!);
      return configurationGraph({
        documents,
        modules: modulesOf(settings?.settings ?? {}, settings?.extractor),
      });
    },
  });
};
