import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  archetypeVariations,
  getFlaggedRules,
  listBuiltinArchetypes,
  renameCategory as renameCategoryCall,
  testCategorisation,
  testExtraction,
  startServer,
  stopServer,
  testNlu,
} from '../../schemas/contracts/nlu';
import { readPipelineConfig } from './pipeline-config';
import { runTestSteps, testFailed, testInput } from './test-run';
import { ClientError, notFound } from '../kernel/http/errors';
import { contractRoute } from '../kernel/http/contract-route';
import { renameCategory } from '../configuration/rename-category';
import { setServerState } from '../configuration/server-states';
import { flaggedRules } from '../pipeline/categorisation/categorise';
import { advancedCategoriesOf } from '../pipeline/categorisation/advanced';
import { categorisationCompatibility } from '../pipeline/categorisation/compatibility';
import { BUILTIN_ARCHETYPES } from '../pipeline/nlu/builtins';
import { unloadServer } from '../pipeline/nlu/servers';
import type { CompileRefusal } from '../pipeline/nlu/test-text';
import { TimeLimitError } from '../pipeline-threads/pool';
import { termVariations } from '../pipeline/nlu/variations';
import { StopPipeline } from '../pipeline/stage';
import { inEnglish } from '../../schemas/trace-messages';
import { configurableEnvironment } from '../resources/access';

type Params = { envId: string; id?: string };

/**
 * A configuration that does not compile: 400 with every problem, for the user to fix. `reason` is
 * the English of them all; `problems` the same by code, which the console says in its language.
 */
export const refuse = ({ refused }: CompileRefusal) =>
  new ClientError(400, 'NLU_CONFIGURATION', `Server '${refused.server}' cannot start: ${refused.message}`, {
    details: refused.problems,
    params: {
      server: refused.server,
      reason: refused.message,
      problems: refused.problems.map(({ code, params, message }) => ({ code, params, message })),
    },
  });

/** How long the API waits for a test page's reading of a text, or a server's start. */
export const TEST_LIMIT = { ms: 30_000, message: 'The NLU took longer than 30 s' };

/** A test page's work in a pipeline thread; past its time limit, a 422 that says so. */
export const inThread = <T>(work: Promise<T>) =>
  work.catch((error: unknown) => {
    if (error instanceof TimeLimitError) throw new ClientError(422, 'NLU_TIME_LIMIT', error.message);
    throw error;
  });

/**
 * The NLU area's own calls (spec pipeline §2–5): the test page, server start / stop, flagged rules
 * and the AI variations helper. Configurators only, like the entities they work on.
 */
export const nluRoutes = async (app: FastifyInstance) => {
  const { db } = app;
  app.addHook('onRequest', app.authenticate);

  const configurator = async (request: FastifyRequest<{ Params: Params }>) =>
    (await configurableEnvironment(db, request.auth, request.params.envId)).id!;

  const serverOf = async (envId: string, id: string) => {
    const config = await readPipelineConfig(db, envId);
    const server = config.nlu.servers.find((s) => s.id === id);
    if (!server) throw notFound('server');
    return { config, server };
  };

  app.route({
    ...contractRoute(testNlu),
    handler: async (
      request: FastifyRequest<{
        Params: Params;
        Body: { text: string; servers: string[]; language?: string };
      }>,
    ) => {
      const envId = await configurator(request);
      const config = await readPipelineConfig(db, envId);
      const { text, servers: wanted } = request.body;
      if (wanted.length === 0)
        throw new ClientError(400, 'NLU_TEST_NEEDS_SERVER', 'An NLU test needs at least one server');
      const servers = wanted.map((id) => {
        const server = config.nlu.servers.find((s) => s.id === id);
        if (!server)
          throw new ClientError(400, 'UNKNOWN_SERVER', `No server of this environment has the id ${id}`, {
            params: { id },
          });
        return { server, startedNow: server.state !== 'started' };
      });
      // Compiling and reading run in a pipeline thread: a long text or a large configuration takes
      // its time there, not the API's.
      const answer = await inThread(
        app.pipelines.task(
          'testText',
          [servers, text, request.body.language, config.languages.find((l) => l !== 'auto') ?? null],
          TEST_LIMIT,
        ),
      );
      if ('refused' in answer) throw refuse(answer);
      const starting = servers.filter((s) => s.startedNow).map((s) => s.server.id);
      if (starting.length) await setServerState(db, starting, 'started');
      return answer;
    },
  });

  app.route({
    ...contractRoute(startServer),
    handler: async (request: FastifyRequest<{ Params: Params }>) => {
      const envId = await configurator(request);
      const { server } = await serverOf(envId, request.params.id!);
      const compiled = await inThread(app.pipelines.task('compileServer', [server], TEST_LIMIT));
      if ('refused' in compiled) throw refuse(compiled);
      const { compileMs } = compiled;
      await setServerState(db, [server.id], 'started');
      return { id: server.id, state: 'started' as const, compileMs };
    },
  });

  app.route({
    ...contractRoute(stopServer),
    handler: async (request: FastifyRequest<{ Params: Params }>) => {
      const envId = await configurator(request);
      const { server } = await serverOf(envId, request.params.id!);
      await setServerState(db, [server.id], 'stopped');
      unloadServer(server.id);
      return { id: server.id, state: 'stopped' as const };
    },
  });

  app.route({
    ...contractRoute(getFlaggedRules),
    handler: async (request: FastifyRequest<{ Params: Params }>) => {
      const envId = await configurator(request);
      const { categorisation, nlu } = await readPipelineConfig(db, envId);
      const kinds = new Map(categorisation.categories.map((c) => [c.name, c.kind]));
      return {
        flagged: flaggedRules(categorisation).map((f) => ({
          ...f,
          kind: kinds.get(f.category) ?? 'message',
        })),
        compatibility: categorisation.categories.length
          ? categorisationCompatibility(nlu.servers.map((s) => s.definitions.server))
          : [],
      };
    },
  });

  app.route({
    ...contractRoute(archetypeVariations),
    handler: async (
      request: FastifyRequest<{ Params: Params; Body: { term: string; language?: 'fr' | 'gb' } }>,
    ) => {
      await configurator(request);
      return { variations: termVariations(request.body.term, request.body.language) };
    },
  });

  app.route({
    ...contractRoute(listBuiltinArchetypes),
    handler: async (request: FastifyRequest<{ Params: Params }>) => {
      await configurator(request);
      return BUILTIN_ARCHETYPES.map(({ name, description, examples }) => ({ name, description, examples }));
    },
  });

  app.route({
    ...contractRoute(renameCategoryCall),
    handler: async (request: FastifyRequest<{ Params: Params & { id: string }; Body: { name: string } }>) => {
      const scope = await configurableEnvironment(db, request.auth, request.params.envId);
      return db.transaction((tx) =>
        renameCategory(tx, scope.id!, request.params.id, request.body.name, {
          organisationId: scope.organisationId!,
          actorId: request.auth.user.id,
          impersonatorId: request.auth.impersonator?.id,
        }),
      );
    },
  });

  app.route({
    ...contractRoute(testCategorisation),
    handler: async (
      request: FastifyRequest<{ Params: Params; Body: { template: string; subject?: string; text: string } }>,
    ) => {
      const envId = await configurator(request);
      const { template, subject, text } = request.body;
      const stored = await readPipelineConfig(db, envId);
      // The rules alone, then the template being edited on what they gave (and the extracted data).
      const config = { ...stored, categorisation: { ...stored.categorisation, advancedTemplate: null } };
      const input = testInput('categorisation test', text, subject);
      const result = await runTestSteps(
        input,
        config,
        app.pipelines,
        ['source', 'extractor', 'nlu', 'categorization', 'extraction'],
        { id: 'categorisation-test', code: 'CATEGORISATION_TEST_FAILED' },
      );
      const byRules = result.trace.find((t) => t.step === 'categorization')!;
      if (byRules.status !== 'done')
        throw testFailed('CATEGORISATION_TEST_FAILED', byRules.summary, byRules.messages?.summary);
      let advanced: ReturnType<typeof advancedCategoriesOf> | null = null;
      try {
        if (template.trim()) advanced = advancedCategoriesOf(template, { input, config, result });
      } catch (err) {
        if (err instanceof StopPipeline)
          throw testFailed('CATEGORISATION_TEST_FAILED', err.message, err.trace);
        throw err;
      }
      return {
        ruleCategories: result.categories.map((c) => c.name),
        categories: (advanced?.categories ?? result.categories).map((c) => c.name),
        warnings: [...byRules.warnings, ...(advanced?.warnings.map(inEnglish) ?? [])],
        warningMessages: [
          ...byRules.warnings.map((_, i) => byRules.messages?.warnings[i] ?? null),
          ...(advanced?.warnings ?? []),
        ],
      };
    },
  });

  app.route({
    ...contractRoute(testExtraction),
    handler: async (request: FastifyRequest<{ Params: Params; Body: { text: string } }>) => {
      const envId = await configurator(request);
      const result = await runTestSteps(
        testInput('extraction test', request.body.text),
        await readPipelineConfig(db, envId),
        app.pipelines,
        ['source', 'extractor', 'nlu', 'extraction'],
        { id: 'extraction-test', code: 'EXTRACTION_TEST_FAILED' },
      );
      return {
        language: result.language,
        extractedData: result.extractedData,
        warnings: result.trace.flatMap((t) => t.warnings),
        warningMessages: result.trace.flatMap((t) =>
          t.warnings.map((_, i) => t.messages?.warnings[i] ?? null),
        ),
      };
    },
  });
};
