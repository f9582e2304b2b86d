import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readAnalysisRequest } from '../../analyses/intake';
import {
  ANONYMIZED,
  abortAnalysis,
  analysisRecord,
  createAnalysis,
  getAnalysis,
  getBlob,
  reanalyze,
  type AnalysisRow,
} from '../../analyses/repository';
import { ClientError } from '../../http/errors';
import type { Platform } from '../../platform';
import { requireLevel, resolveScope } from '../../resources/access';
import { isUuid } from '../../resources/fields';
import { CONSOLE_API } from '../../resources/routes';

const BASE = `${CONSOLE_API}/environments/:envId/analyses`;

type Params = { envId: string; id: string };

/** Spec §8: 'the analysis does not exist'. */
export const analysisNotFound = () =>
  new ClientError(404, 'ANALYSIS_NOT_FOUND', 'The analysis does not exist');

/** A Content-Disposition that survives any file name (RFC 6266 with an ASCII fallback). */
export const attachmentDisposition = (filename: string) =>
  `attachment; filename="${filename.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`;

/** The original input of an analysis, as the file it came in as. */
export const sendOriginal = async (platform: Platform, reply: FastifyReply, row: AnalysisRow) => {
  if (row.anonymized_at) throw ANONYMIZED();
  if (row.input_type === 'text') {
    return reply
      .header('content-disposition', attachmentDisposition(`${row.name || 'text'}.txt`))
      .type('text/plain; charset=utf-8')
      .send(row.input_text ?? '');
  }
  const bytes = row.blob_id ? await getBlob(platform.db, row.blob_id) : undefined;
  if (!bytes) throw new ClientError(404, 'ORIGINAL_MISSING', 'Unable to fetch the original file');
  return reply
    .header('content-disposition', attachmentDisposition(row.filename ?? 'original'))
    .type(row.mime || 'application/octet-stream')
    .send(Buffer.from(bytes));
};

/**
 * The analyses of an environment beyond the generic list / show / delete (spec §2 "Core
 * analyses"): creation from a file, text or simulated mail; the result and trace; abort;
 * reanalyze; downloads of the original and of the result.
 */
export const consoleAnalysesRoutes = async (app: FastifyInstance, { platform }: { platform: Platform }) => {
  const { db, queue, config } = platform;
  app.addHook('preHandler', app.authenticate);

  const analysisOf = async (request: FastifyRequest<{ Params: Params }>, level: 'cockpit' | 'qualifier') => {
    const scope = await resolveScope(db, request.auth, 'environment', request.params.envId);
    requireLevel(request.auth, scope, level);
    const row = isUuid(request.params.id) ? await getAnalysis(db, request.params.id, scope.id) : undefined;
    if (!row) throw analysisNotFound();
    return row;
  };

  app.post<{ Params: { envId: string } }>(
    BASE,
    { bodyLimit: config.uploadMaxBytes + 65_536 },
    async (request, reply) => {
      const scope = await resolveScope(db, request.auth, 'environment', request.params.envId);
      requireLevel(request.auth, scope, 'qualifier');
      const input = await readAnalysisRequest(request, scope.id!, config.uploadMaxBytes);
      const { row } = await createAnalysis(db, queue, { ...input, createdBy: request.auth.user.id });
      return reply.code(201).send(analysisRecord(row));
    },
  );

  app.get<{ Params: Params }>(`${BASE}/:id/result`, async (request) => {
    const row = await analysisOf(request, 'cockpit');
    if (row.anonymized_at) throw ANONYMIZED();
    return { analysis: analysisRecord(row), result: row.result, exchangeLabels: row.exchange_labels };
  });

  app.get<{ Params: Params }>(`${BASE}/:id/result/download`, async (request, reply) => {
    const row = await analysisOf(request, 'cockpit');
    if (row.anonymized_at) throw ANONYMIZED();
    return reply
      .header('content-disposition', attachmentDisposition(`analysis-${row.id}.json`))
      .type('application/json')
      .send(JSON.stringify({ analysis: analysisRecord(row), result: row.result }, null, 2));
  });

  app.get<{ Params: Params }>(`${BASE}/:id/original`, async (request, reply) =>
    sendOriginal(platform, reply, await analysisOf(request, 'cockpit')),
  );

  app.post<{ Params: Params }>(`${BASE}/:id/abort`, async (request) =>
    analysisRecord(await abortAnalysis(db, await analysisOf(request, 'qualifier'))),
  );

  app.post<{ Params: Params }>(`${BASE}/:id/reanalyze`, async (request) =>
    analysisRecord(await reanalyze(db, queue, await analysisOf(request, 'qualifier'))),
  );
};
