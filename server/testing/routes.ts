import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../kernel/db';
import type { ErrorCode } from '../../schemas/error-codes';
import { TAG_PATTERN, qualificationStatusOf, splitTyped } from '../../schemas/bank-message.schema';
import {
  SAMPLING_MAX,
  batchMessages,
  compareTests as compareTestsCall,
  previewImpact as previewImpactCall,
  projectRules as projectRulesCall,
  qualificationOverview as qualificationOverviewCall,
  sampleAnalyses,
  type BatchAction,
  type ImpactResource,
} from '../../schemas/contracts/testing';
import {
  bankMessageContent,
  bankMessageRecord,
  bankTags,
  sampleIntoBank,
  testScores,
} from './bank';
import { batchUpdate } from './batch';
import { compareTests, testNotFound } from './compare';
import { projectRules } from './domain-rules';
import { previewImpact } from './impact';
import { qualificationOverview } from './qualification';
import { contractRoute } from '../kernel/http/contract-route';
import { readAnalysisRequest } from '../analyses/intake';
import { ClientError } from '../kernel/http/errors';
import { fieldProblem } from '../../schemas/detail-messages';
import { configurableEnvironment, requireLevel, resolveScope } from '../resources/access';
import { writeAudit } from '../resources/audit';
import { isUuid } from '../kernel/http/ids';
import { CONSOLE_API } from '../resources/routes';
import { insertBankMessage } from './bank-messages-table';
import { validationError } from '../resources/validation';
import { sendDownload, safeDownloadType } from '../analyses/console-routes';

const PROJECT = `${CONSOLE_API}/projects/:projectId`;

type Params = { projectId: string; id: string };

const messageNotFound = () => new ClientError(404, 'MESSAGE_NOT_FOUND', 'The message does not exist');

const TAG = new RegExp(TAG_PATTERN, 'u');

/** Tags typed in one field: separated by commas, spaces or new lines; each checked like the schema's. */
const tagsOf = (raw: unknown): string[] => {
  if (raw === undefined || raw === null || raw === '') return [];
  const list = Array.isArray(raw) ? raw.map(String) : splitTyped(String(raw));
  const tags = [...new Set(list.map((t) => t.trim()).filter(Boolean))];
  const bad = tags.find((t) => t.length > 100 || !TAG.test(t));
  if (bad !== undefined) {
    const refused = validationError([
      { ...fieldProblem('tags', 'testTagInvalid', { tag: bad }), keyword: 'pattern', custom: true },
    ]);
    throw new ClientError(refused.statusCode, refused.code, refused.message, {
      ...refused.extra,
      params: { tag: bad },
    });
  }
  return tags;
};

/**
 * The message bank and the tests beyond their generic routes (spec pipeline §2, DESIGN.md §6):
 * adding a file or a simulated mail to the bank (the generated form adds pasted text), downloading
 * a message's content, the tags in use, and a test's scores. Qualifier level, checked here.
 */
export const testingRoutes = async (app: FastifyInstance) => {
  const { db, config } = app;
  app.addHook('onRequest', app.authenticate);

  const projectOf = async (request: FastifyRequest<{ Params: Pick<Params, 'projectId'> }>) => {
    const scope = await resolveScope(db, request.auth, 'project', request.params.projectId);
    requireLevel(request.auth, scope, 'qualifier');
    return scope;
  };

  /** A file, a simulated mail or a text, as the analyses take them, with its tags: one message. */
  app.post<{ Params: Pick<Params, 'projectId'> }>(
    `${PROJECT}/messages/upload`,
    { bodyLimit: config.uploadMaxBytes + 65_536 },
    async (request, reply) => {
      const scope = await projectOf(request);
      const input = await readAnalysisRequest(request, scope.id!, config.uploadMaxBytes);
      const tags = tagsOf(input.tags);
      const metadata = input.metadata as Record<string, unknown>;
      const id = await db.transaction(async (tx) => {
        const made = await insertBankMessage(tx, {
          projectId: scope.id!,
          name: input.name,
          inputType: input.inputType,
          file: input.file,
          text: input.text,
          tags,
          metadata,
          manualFinalStatus: input.manualFinalStatus,
        });
        await writeAudit(tx, {
          organisationId: scope.organisationId,
          actorId: request.auth.user.id,
          impersonatorId: request.auth.impersonator?.id,
          action: 'create',
          resource: 'messages',
          recordId: made,
          after: { name: input.name, inputType: input.inputType, tags },
        });
        return made;
      });
      return reply.code(201).send(await bankMessageRecord(db, id));
    },
  );

  app.get<{ Params: Params }>(`${PROJECT}/messages/:id/content`, async (request, reply) => {
    const scope = await projectOf(request);
    if (!isUuid(request.params.id)) throw messageNotFound();
    const m = await bankMessageContent(db, request.params.id, scope.id!);
    if (!m) throw messageNotFound();
    if (m.input_type === 'text')
      return sendDownload(reply, `${m.name || 'text'}.txt`, 'text/plain; charset=utf-8', m.input_text ?? '');
    return sendDownload(
      reply,
      m.filename ?? 'message',
      safeDownloadType(m.mime),
      Buffer.from(m.hex ?? '', 'hex'),
    );
  });

  app.route<{ Params: Pick<Params, 'projectId'>; Body: SamplingBody }>({
    ...contractRoute(sampleAnalyses),
    handler: async (request) => {
      const scope = await projectOf(request);
      const added = await sample(db, scope, request.auth, request.body);
      return { added };
    },
  });

  app.route<{ Params: Pick<Params, 'projectId'>; Body: { ids: string[]; action: BatchAction } }>({
    ...contractRoute(batchMessages),
    handler: async (request) => {
      const scope = await projectOf(request);
      const { ids, action } = request.body;
      // Tags are checked as the schema checks them (the contract only bounds their length).
      if (action.type === 'addTags' || action.type === 'removeTags') tagsOf(action.tags);
      const changed = await db.transaction((tx) =>
        batchUpdate(
          tx,
          {
            projectId: scope.id!,
            organisationId: scope.organisationId,
            actorId: request.auth.user.id,
            impersonatorId: request.auth.impersonator?.id,
          },
          ids,
          action,
        ),
      );
      return { changed };
    },
  });

  /** Tags of the bank with their message counts, for filters and test launches (not others' private tags). */
  app.get<{ Params: Pick<Params, 'projectId'> }>(`${PROJECT}/message-tags`, async (request) => {
    const scope = await projectOf(request);
    return bankTags(db, scope.id!, request.auth.user.id);
  });

  app.route<{ Params: { projectId: string; id: string; other: string } }>({
    ...contractRoute(compareTestsCall),
    handler: async (request) => {
      const scope = await projectOf(request);
      const { id, other } = request.params;
      if (!isUuid(id) || !isUuid(other)) throw testNotFound();
      return compareTests(db, scope.id!, id, other);
    },
  });

  app.route<{ Params: { projectId: string }; Querystring: { tag?: string } }>({
    ...contractRoute(qualificationOverviewCall),
    handler: async (request) => {
      const scope = await projectOf(request);
      return qualificationOverview(db, scope.id!, request.query.tag || null);
    },
  });

  app.route<{ Params: { projectId: string } }>({
    ...contractRoute(projectRulesCall),
    handler: async (request) => projectRules(db, (await projectOf(request)).id!),
  });

  /** What an unsaved edit would do to the last run's scores: configurators, who may save it. */
  app.route<{
    Params: { envId: string };
    Body: { resource: ImpactResource; id: string | null; data: Record<string, unknown> };
  }>({
    ...contractRoute(previewImpactCall),
    handler: async (request) => {
      const scope = await configurableEnvironment(db, request.auth, request.params.envId);
      return previewImpact(db, app.pipelines, scope.id!, request.body);
    },
  });

  /** A test's scores per kind and classification, and its messages with a false. */
  app.get<{ Params: Params }>(`${PROJECT}/tests/:id/scores`, async (request) => {
    const scope = await projectOf(request);
    if (!isUuid(request.params.id)) throw testNotFound();
    const test = await testScores(db, request.params.id, scope.id!);
    if (!test) throw testNotFound();
    return { status: test.status, scores: test.scores };
  });
};

type SamplingBody = {
  environmentId?: string;
  analysisIds?: string;
  status?: string;
  category?: string;
  createdFrom?: string;
  createdTo?: string;
  count?: number;
  tags?: string[];
  expectedCategories?: string[];
  qualified?: boolean;
};

const samplingProblem = (
  code: ErrorCode,
  message: string,
  path: string,
  params: Record<string, unknown> = {},
) => new ClientError(400, code, message, { params, details: [{ path, message }] });

/** Analysis ids as typed: separated by commas, spaces or new lines (spec §5); each must be one. */
const idsOf = (raw: string | undefined): string[] | null => {
  const ids = splitTyped(raw ?? '');
  if (ids.length === 0) return null;
  const bad = ids.find((id) => !isUuid(id));
  if (bad !== undefined)
    throw samplingProblem('SAMPLING_BAD_ID', `'${bad}' is not an analysis id`, 'analysisIds', { id: bad });
  if (ids.length > SAMPLING_MAX)
    throw samplingProblem('SAMPLING_TOO_MANY', `At most ${SAMPLING_MAX} analyses at once`, 'analysisIds', {
      max: SAMPLING_MAX,
    });
  return [...new Set(ids)];
};

/**
 * Copies analyses of the project's environments into its bank (testing/bank.ts): the named ones, or
 * a random sample of those matching the filters; hidden environments only from the configurator level.
 */
const sample = async (
  db: Db,
  scope: { id: string | undefined; organisationId: string | undefined; projectLevel?: string },
  auth: FastifyRequest['auth'],
  body: SamplingBody,
) => {
  const ids = idsOf(body.analysisIds);
  if (!ids && !body.status && !body.category && !body.createdFrom && !body.createdTo)
    throw samplingProblem('SAMPLING_NO_FILTER', 'Sampling needs at least one filter', 'analysisIds');
  const tags = tagsOf(body.tags);
  const expected = { categories: body.expectedCategories ?? [] };
  const qualification: Record<string, string> = body.qualified ? { categories: 'qualified' } : {};
  const seesHidden = scope.projectLevel === 'configurator' || auth.user.is_staff;
  return sampleIntoBank(db, {
    projectId: scope.id!,
    seesHidden,
    environmentId: body.environmentId ?? null,
    ids,
    status: body.status ?? null,
    category: body.category ?? null,
    createdFrom: body.createdFrom ?? null,
    createdTo: body.createdTo ?? null,
    count: ids ? ids.length : (body.count ?? 50),
    tags,
    expected,
    qualification,
    qualificationStatus: qualificationStatusOf(expected, qualification),
    audit: {
      organisationId: scope.organisationId ?? null,
      actorId: auth.user.id,
      impersonatorId: auth.impersonator?.id ?? null,
    },
  });
};
