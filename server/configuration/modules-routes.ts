import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  addModule,
  deactivateModule as deactivateCall,
  listModules,
  orderModules,
  updateModule,
} from '../../schemas/contracts/modules';
import {
  MODULE_NAMES,
  MODULES_WITH_SETTINGS,
  withModule,
  type ModuleEntry,
  type ModuleType,
} from '../../schemas/modules';
import { deactivateModule, modulesOf, readModules, readSettingsRow, writeModules } from './modules';
import type { Queryable } from '../kernel/db';
import { outputSettingsOf } from '../../schemas/output';
import { consolidationProblems, consolidationSettingsOf } from '../../schemas/consolidation';
import { ocrDataSettingsOf } from '../../schemas/ocr-data';
import { postProcessingSettingsOf } from '../../schemas/post-processing';
import { visionProblems, visionSettingsOf } from '../../schemas/vision';
import { contractRoute } from '../kernel/http/contract-route';
import { ClientError, notFound } from '../kernel/http/errors';
import { readEnvironmentLlm } from './environment-llm';
import { configurableEnvironment, type Scope } from '../resources/access';
import { writeAudit, type AuditEntry } from '../resources/audit';
import { validationError } from '../resources/validation';
import { fieldProblem } from '../../schemas/detail-messages';
import { moduleViews, settingsProblems, type OwnSettings, type Patch } from './module-views';

type Params = { envId: string };
type ModuleParams = Params & { type: ModuleType };

/**
 * The modules page's calls (schemas/contracts/modules.ts). Configurators only; every change is
 * audit-logged on the environment.
 */
export const moduleRoutes = async (app: FastifyInstance) => {
  const { db } = app;
  app.addHook('onRequest', app.authenticate);

  const configurator = (request: FastifyRequest<{ Params: Params }>) =>
    configurableEnvironment(db, request.auth, request.params.envId);

  const audit = (
    tx: Queryable,
    request: FastifyRequest,
    scope: Scope,
    change: Pick<AuditEntry, 'action' | 'before' | 'after'>,
  ) =>
    writeAudit(tx, {
      organisationId: scope.organisationId,
      actorId: request.auth.user.id,
      impersonatorId: request.auth.impersonator?.id,
      resource: 'modules',
      recordId: scope.id!,
      ...change,
    });

  /**
   * Runs a change of the module list (and of a module's own settings, when given) in one
   * transaction, audit-logged, and answers the new list.
   */
  const change = async (
    request: FastifyRequest<{ Params: Params }>,
    scope: Scope,
    apply: (tx: Queryable, modules: ModuleEntry[]) => Promise<ModuleEntry[]>,
    own: OwnSettings = {},
  ) => {
    await db.transaction(async (tx) => {
      const row = await readSettingsRow(tx, scope.id!);
      const before = modulesOf(row?.settings ?? {}, row?.extractor);
      const after = await apply(tx, before);
      await writeModules(tx, scope.id!, after, own);
      const previous: OwnSettings = {
        ...(own.output ? { output: outputSettingsOf(row?.settings?.output) } : {}),
        ...(own.vision ? { vision: visionSettingsOf(row?.settings?.vision) } : {}),
        ...(own.ocrData ? { ocrData: ocrDataSettingsOf(row?.settings?.ocrData) } : {}),
        ...(own.postProcessing
          ? { postProcessing: postProcessingSettingsOf(row?.settings?.postProcessing) }
          : {}),
        ...(own.consolidation
          ? { consolidation: consolidationSettingsOf(row?.settings?.consolidation) }
          : {}),
      };
      await audit(tx, request, scope, {
        action: 'update',
        before: { modules: before, ...previous },
        after: { modules: after, ...own },
      });
    });
    return list(scope.id!);
  };

  /** The LLM the environment's steps use: its own endpoint's model, else the deployment's. */
  const llmOf = async (environmentId: string) => {
    const model = (await readEnvironmentLlm(db, environmentId))?.model ?? app.config.llm?.model ?? null;
    return { configured: model !== null, model };
  };

  /** The modules page's list, with whether the environment can run the LLM steps: its own endpoint, or the deployment's. */
  const list = async (environmentId: string) => ({
    modules: await moduleViews(db, environmentId),
    llm: await llmOf(environmentId),
    workflow: { configured: Boolean(app.config.workflow) },
  });

  app.route({
    ...contractRoute(listModules),
    handler: async (request: FastifyRequest<{ Params: Params }>) => {
      const scope = await configurator(request);
      return list(scope.id!);
    },
  });

  app.route({
    ...contractRoute(addModule),
    handler: async (request: FastifyRequest<{ Params: Params; Body: { type: ModuleType } }>) => {
      const scope = await configurator(request);
      const { type } = request.body;
      return change(request, scope, async (_tx, modules) => {
        if (modules.some((m) => m.type === type))
          throw new ClientError(
            409,
            'MODULE_ACTIVE',
            `The ${MODULE_NAMES[type]} module is already in the pipeline`,
            { params: { module: type } },
          );
        return withModule(modules, { type });
      });
    },
  });

  app.route({
    ...contractRoute(orderModules),
    handler: async (request: FastifyRequest<{ Params: Params; Body: { types: ModuleType[] } }>) => {
      const scope = await configurator(request);
      const { types } = request.body;
      return change(request, scope, async (_tx, modules) => {
        const same = types.length === modules.length && modules.every((m) => types.includes(m.type));
        if (!same)
          throw validationError([{ ...fieldProblem('types', 'moduleOrderIncomplete'), custom: true }]);
        return types.map((t) => modules.find((m) => m.type === t)!);
      });
    },
  });

  app.route({
    ...contractRoute(updateModule),
    handler: async (request: FastifyRequest<{ Params: ModuleParams; Body: Patch }>) => {
      const scope = await configurator(request);
      const { type } = request.params;
      const { output, vision, ocrData, postProcessing, consolidation, ...entry } = request.body;
      const routingOnly = Object.keys(request.body).every((key) => key === 'taint' || key === 'taintMode');
      if (!routingOnly && !(MODULES_WITH_SETTINGS as readonly string[]).includes(type))
        throw new ClientError(
          400,
          'NO_MODULE_SETTINGS',
          `The ${MODULE_NAMES[type]} module has no settings on this page`,
          { params: { module: type } },
        );
      if (output && type !== 'output')
        throw validationError([{ ...fieldProblem('output', 'moduleOnlyOutput'), custom: true }]);
      if (vision && type !== 'visionEngine')
        throw validationError([{ ...fieldProblem('vision', 'moduleOnlyVision'), custom: true }]);
      if (ocrData && type !== 'ocrDataExtraction')
        throw validationError([{ ...fieldProblem('ocrData', 'moduleOnlyOcrData'), custom: true }]);
      if (postProcessing && type !== 'postProcessing')
        throw validationError([
          { ...fieldProblem('postProcessing', 'moduleOnlyPostProcessing'), custom: true },
        ]);
      if (consolidation && type !== 'consolidation')
        throw validationError([
          { ...fieldProblem('consolidation', 'moduleOnlyConsolidation'), custom: true },
        ]);
      if (consolidation) {
        const problems = consolidationProblems(consolidation);
        if (problems.length)
          throw validationError(
            problems.map(({ path, message, code }) => ({
              path: `consolidation.${path}`,
              message,
              custom: true,
              keyword: code,
            })),
          );
      }
      if (vision) {
        const problems = visionProblems(vision);
        if (problems.length)
          throw validationError(
            problems.map(({ path, message, code }) => ({
              path: `vision.${path}`,
              message,
              custom: true,
              keyword: code,
            })),
          );
      }
      return change(
        request,
        scope,
        async (tx, modules) => {
          const module = modules.find((m) => m.type === type);
          if (!module)
            throw notFound('module', `The ${MODULE_NAMES[type]} module is not active`, { module: type });
          const problems = await settingsProblems(tx, scope.id!, type, { ...entry, ocrData, postProcessing });
          if (problems.length) throw validationError(problems.map((p) => ({ ...p, custom: true })));
          const next: ModuleEntry = { ...module, ...entry };
          for (const key of ['name', 'context', 'taint'] as const) if (!next[key]) delete next[key];
          if (!next.taint) delete next.taintMode;
          const index = modules.indexOf(module);
          const before = modules.findIndex((m) => m.type === 'categorization');
          if (next.taint && (before < 0 || index <= before))
            throw validationError([
              {
                ...fieldProblem('taint', 'moduleTaintBeforeCategorization'),
                custom: true,
                keyword: 'taintBeforeCategorization',
              },
            ]);
          return modules.map((m) => (m.type === type ? next : m));
        },
        {
          ...(output
            ? {
                output: {
                  ...output,
                  categories: { ...output.categories, skip: [...new Set(output.categories.skip)] },
                },
              }
            : {}),
          ...(vision ? { vision } : {}),
          ...(consolidation ? { consolidation } : {}),
          ...(postProcessing ? { postProcessing } : {}),
          ...(ocrData
            ? {
                ocrData: {
                  ...ocrData,
                  documents: [...new Set(ocrData.documents.map((d) => d.trim()).filter(Boolean))],
                },
              }
            : {}),
        },
      );
    },
  });

  app.route({
    ...contractRoute(deactivateCall),
    handler: async (request: FastifyRequest<{ Params: ModuleParams }>) => {
      const scope = await configurator(request);
      const { type } = request.params;
      const deleted = await db.transaction(async (tx) => {
        if (!(await readModules(tx, scope.id!)).some((m) => m.type === type))
          throw notFound('module', `The ${MODULE_NAMES[type]} module is not active`, { module: type });
        const gone = await deactivateModule(tx, scope.id!, type);
        await audit(tx, request, scope, { action: 'delete', before: { module: type, configuration: gone } });
        return gone;
      });
      return { deleted, ...(await list(scope.id!)) };
    },
  });
};
