import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TAG_PATTERN } from '../../../schemas/bank-message.schema';
import { readAnalysisRequest } from '../../analyses/intake';
import { ClientError } from '../../http/errors';
import type { Platform } from '../../platform';
import { requireLevel, resolveScope } from '../../resources/access';
import { writeAudit } from '../../resources/audit';
import { isUuid } from '../../resources/fields';
import { CONSOLE_API } from '../../resources/routes';
import { insertBankMessage } from '../../resources/tables/bank-messages';
import { validationError } from '../../resources/validation';
import { sendDownload, safeDownloadType } from './analyses';

const PROJECT = `${CONSOLE_API}/projects/:projectId`;

type Params = { projectId: string; id: string };

const messageNotFound = () => new ClientError(404, 'MESSAGE_NOT_FOUND', 'The message does not exist');
const testNotFound = () => new ClientError(404, 'TEST_NOT_FOUND', 'The test does not exist');

const TAG = new RegExp(TAG_PATTERN, 'u');

/** Tags typed in one field: separated by commas, spaces or new lines; each checked like the schema's. */
const tagsOf = (raw: unknown): string[] => {
  if (raw === undefined || raw === null || raw === '') return [];
  const list = Array.isArray(raw) ? raw.map(String) : String(raw).split(/[\s,]+/);
  const tags = [...new Set(list.map((t) => t.trim()).filter(Boolean))];
  const bad = tags.find((t) => t.length > 100 || !TAG.test(t));
  if (bad !== undefined)
    throw validationError([
      {
        path: 'tags',
        message: `'${bad}' is not a tag (letters, digits and - _ . : / only)`,
        keyword: 'pattern',
        custom: true,
      },
    ]);
  return tags;
};

/**
 * The message bank and the tests beyond their generic routes (spec pipeline §2, DESIGN.md §6):
 * adding a file or a simulated mail to the bank (the generated form adds pasted text), downloading
 * a message's content, the tags in use, and a test's scores. Qualifier level, checked here.
 */
export const testingRoutes = async (app: FastifyInstance, { platform }: { platform: Platform }) => {
  const { db, config } = platform;
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
      const [record] = await db.query(
        `SELECT id, project_id AS "projectId", name, input_type AS "inputType", filename, size, tags,
                qualification_status AS "qualificationStatus", created_at AS "createdAt"
         FROM bank_messages WHERE id = $1`,
        [id],
      );
      return reply.code(201).send(record);
    },
  );

  app.get<{ Params: Params }>(`${PROJECT}/messages/:id/content`, async (request, reply) => {
    const scope = await projectOf(request);
    if (!isUuid(request.params.id)) throw messageNotFound();
    const [m] = await db.query<{
      name: string;
      input_type: string;
      filename: string | null;
      mime: string | null;
      hex: string | null;
      input_text: string | null;
    }>(
      `SELECT name, input_type, filename, mime, encode(content, 'hex') AS hex, input_text
       FROM bank_messages WHERE id = $1 AND project_id = $2`,
      [request.params.id, scope.id],
    );
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

  /** Tags of the bank with their message counts, for filters and test launches. */
  app.get<{ Params: Pick<Params, 'projectId'> }>(`${PROJECT}/message-tags`, async (request) => {
    const scope = await projectOf(request);
    return db.query<{ tag: string; messages: number }>(
      `SELECT tag, count(*)::int AS messages FROM bank_messages, unnest(tags) AS tag
       WHERE project_id = $1 GROUP BY tag ORDER BY lower(tag), tag`,
      [scope.id],
    );
  });

  /** A test's scores per kind and classification, and its messages with a false. */
  app.get<{ Params: Params }>(`${PROJECT}/tests/:id/scores`, async (request) => {
    const scope = await projectOf(request);
    if (!isUuid(request.params.id)) throw testNotFound();
    const [test] = await db.query<{ status: string; scores: unknown }>(
      `SELECT status, scores FROM tests WHERE id = $1 AND project_id = $2`,
      [request.params.id, scope.id],
    );
    if (!test) throw testNotFound();
    return { status: test.status, scores: test.scores };
  });
};
