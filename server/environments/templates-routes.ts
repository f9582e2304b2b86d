import type { FastifyInstance } from 'fastify';
import { listUseCaseTemplates } from '../../schemas/contracts/configuration';
import { USE_CASE_TEMPLATES } from './templates';
import { contractRoute } from '../kernel/http/contract-route';

/**
 * The use-case templates (spec platform-shell §3): configurations shipped with the product, read by
 * any signed-in user; an environment is made from one through the import of its configuration.
 */
export const useCaseTemplateRoutes = async (app: FastifyInstance) => {
  app.addHook('onRequest', app.authenticate);
  app.route({ ...contractRoute(listUseCaseTemplates), handler: async () => USE_CASE_TEMPLATES });
};
