import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { ResourceSchema } from '../schemas/_defs/admin';
import { resourceSchemas } from '../schemas/index';
import type { Platform } from './platform-type';
import { kernelPlugin } from './kernel/plugins/kernel';
import { pipelinesPlugin } from './pipeline-threads/plugin';
import { accessKeysPlugin } from './kernel/access/access-keys-plugin';
import { authPlugin } from './kernel/access/plugin';
import { registerConsole } from './kernel/plugins/console';
import multipart from '@fastify/multipart';
import { consoleAnalysesRoutes } from './analyses/console-routes';
import { nluLabellingRoutes } from './analyses/labelling-routes';
import { serverTokenRoutes } from './analyses/server-token-routes';
import { webhookRoutes } from './delivery/routes';
import { errorLogRoutes } from './error-log/routes';
import { testingRoutes } from './testing/routes';
import { testSetsRoutes } from './testing/test-sets-routes';
import { extractorRoutes } from './analyses/extractor-test-routes';
import { nluRoutes } from './analyses/nlu-test-routes';
import { replyRoutes } from './analyses/replies-test-routes';
import { llmRoutes } from './integrations/llm-routes';
import { connectorRoutes } from './integrations/mailboxes/routes';
import { moduleRoutes } from './configuration/modules-routes';
import { useCaseTemplateRoutes } from './environments/templates-routes';
import { publicAnalysesRoutes } from './analyses/public-routes';
import { errorsPlugin, notFoundHandler } from './kernel/plugins/errors';
import { headersPlugin } from './kernel/plugins/headers';
import { inputPlugin } from './kernel/plugins/input';
import { apiReferencePlugin } from './kernel/plugins/api-reference';
import { openapiPlugin } from './kernel/plugins/openapi';
import { resourcesPlugin } from './resources/plugin';
import { tableStores } from './tables';
import { configurationRules } from './configuration/resource-rules';
import { classificationRules } from './testing/classifications';
import { testingRules } from './testing/domain-rules';
import { invitationRoutes } from './auth/invitations-routes';
import { loginRoutes } from './auth/login-routes';
import { passwordForgottenRoutes } from './auth/password-forgotten-routes';
import { configurationRoutes } from './environments/configuration-routes';
import { consumptionRoutes } from './consumption/routes';
import { dashboardRoutes } from './dashboard/routes';
import { graphRoutes } from './configuration/graph-routes';
import { navigationRoutes } from './organisations/navigation-routes';
import { outboxRoutes } from './mail/outbox-routes';
import { projectMarksRoutes } from './organisations/project-marks-routes';
import { tenancyRoutes } from './organisations/routes';
import { sessionRoutes } from './auth/sessions-routes';
import { userRoutes } from './auth/user-routes';
import { healthRoutes } from './health';
import { publicEnvironmentRoutes } from './environments/public-routes';
import { lazySchemaCompilers } from './lazy-schemas';

export interface AppOptions {
  /** Serve the built console from this folder (omitted in API tests). */
  consoleDir?: string;
  /** The resource schemas served by the generic routes (tests add throwaway ones). */
  schemas?: readonly ResourceSchema[];
  /** Compile each route's schemas at its first request, not at start (server/lazy-schemas.ts). */
  lazySchemas?: boolean;
}

/**
 * The Fastify application: plugins, then routes. Tests build it and use `inject`; main.ts listens.
 *
 * @example
 * const app = await buildApp(platform);
 * const res = await app.inject({ method: 'GET', url: '/healthz' });
 */
export const buildApp = async (platform: Platform, options: AppOptions = {}): Promise<FastifyInstance> => {
  const app = Fastify({
    loggerInstance: platform.log,
    bodyLimit: platform.config.bodyLimitBytes,
    // TRUST_PROXY: whose X-Forwarded-For gives request.ip (sign-in limits count per client address).
    trustProxy: platform.config.trustProxy,
    // No silent repair of client input: unknown fields and wrong types are errors, not dropped or coerced.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: true } },
    ...(options.lazySchemas ? { schemaController: { compilersFactory: lazySchemaCompilers() } } : {}),
    // Per-request lines only when asked for (LOG_LEVEL=debug): the quick start's terminal stays readable.
    logController: new LogController({
      disableRequestLogging: !['debug', 'trace'].includes(platform.config.logLevel),
    }),
  });
  await app.register(errorsPlugin);
  await app.register(headersPlugin);
  await app.register(inputPlugin);
  await app.register(openapiPlugin);
  await app.register(apiReferencePlugin);
  const { config, db, queue, signals, submissionLimits, jwtSecret, secrets, pipelines } = platform;
  await app.register(kernelPlugin, { config, db, queue, signals, submissionLimits, jwtSecret, secrets });
  await app.register(pipelinesPlugin, { pipelines });
  await app.register(authPlugin);
  await app.register(accessKeysPlugin);
  await app.register(healthRoutes);
  await app.register(loginRoutes);
  await app.register(passwordForgottenRoutes);
  await app.register(invitationRoutes);
  await app.register(userRoutes);
  await app.register(sessionRoutes);
  await app.register(tenancyRoutes);
  await app.register(projectMarksRoutes);
  await app.register(navigationRoutes);
  const schemas = options.schemas ?? resourceSchemas;
  // The domains' rules of their resources: the generic routes run them and know nothing of them.
  const rules = { ...configurationRules(schemas), ...testingRules, ...classificationRules };
  await app.register(resourcesPlugin, { schemas, rules, tables: tableStores });
  await app.register(configurationRoutes, { schemas });
  await app.register(consumptionRoutes);
  await app.register(dashboardRoutes);
  await app.register(graphRoutes);
  await app.register(outboxRoutes);
  await app.register(publicEnvironmentRoutes);
  await app.register(multipart, { limits: { fileSize: config.uploadMaxBytes } });
  await app.register(consoleAnalysesRoutes);
  await app.register(testingRoutes);
  await app.register(testSetsRoutes);
  await app.register(extractorRoutes);
  await app.register(nluRoutes);
  await app.register(nluLabellingRoutes);
  await app.register(serverTokenRoutes);
  await app.register(replyRoutes);
  await app.register(webhookRoutes);
  await app.register(errorLogRoutes);
  await app.register(moduleRoutes);
  await app.register(llmRoutes);
  await app.register(connectorRoutes);
  await app.register(useCaseTemplateRoutes);
  await app.register(publicAnalysesRoutes);
  const consoleFallback = options.consoleDir ? await registerConsole(app, options.consoleDir) : undefined;
  app.setNotFoundHandler(notFoundHandler(consoleFallback));
  return app;
};
