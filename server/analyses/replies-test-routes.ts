import type { FastifyInstance, FastifyRequest } from 'fastify';
import { listReplyErrors, REPLY_ERRORS_KEPT, testReply } from '../../schemas/contracts/replies';
import { readPipelineConfig } from './pipeline-config';
import { replyErrors } from './repository';
import { runTestSteps, testInput } from './test-run';
import { contractRoute } from '../kernel/http/contract-route';
import { notFound } from '../kernel/http/errors';
import { configurableEnvironment } from '../resources/access';

type Params = { envId: string };

/**
 * The reply templates' own calls (spec pipeline §2): the tests tab and the errors tab.
 * Configurators only, like the templates.
 */
export const replyRoutes = async (app: FastifyInstance) => {
  const { db } = app;
  app.addHook('onRequest', app.authenticate);

  const configurator = async (request: FastifyRequest<{ Params: Params }>) =>
    (await configurableEnvironment(db, request.auth, request.params.envId)).id!;

  app.route({
    ...contractRoute(testReply),
    handler: async (
      request: FastifyRequest<{ Params: Params; Body: { template: string; subject?: string; text: string } }>,
    ) => {
      const envId = await configurator(request);
      const { template, subject, text } = request.body;
      const config = await readPipelineConfig(db, envId);
      if (!config.reply.templates.some((t) => t.name === template))
        throw notFound('template', `The template '${template}' does not exist`, { name: template });
      // The chosen template stands as the default, for this test only.
      config.reply.templates = config.reply.templates.map((t) => ({ ...t, isDefault: t.name === template }));
      // The pipeline's own steps up to the reply, as an analysis runs them; nothing is delivered.
      const result = await runTestSteps(
        testInput('reply test', text, subject),
        config,
        app.pipelines,
        ['source', 'extractor', 'nlu', 'categorization', 'extraction', 'replyTemplate'],
        // An LLM template waits for the LLM's answer.
        { id: 'reply-test', code: 'REPLY_TEST_FAILED', timeoutMs: 60_000 },
      );
      return {
        text: result.reply?.text ?? '',
        ...(result.reply?.prompt !== undefined ? { prompt: result.reply.prompt } : {}),
        categories: result.categories.map((c) => c.name),
      };
    },
  });

  app.route({
    ...contractRoute(listReplyErrors),
    handler: async (request: FastifyRequest<{ Params: Params }>) => {
      const envId = await configurator(request);
      const rows = await replyErrors(db, envId, REPLY_ERRORS_KEPT);
      return rows.map((r) => ({
        analysisId: r.id,
        analysisName: r.name,
        at: r.at.toISOString(),
        message: r.message ?? '',
        trace: r.trace ?? null,
      }));
    },
  });
};
