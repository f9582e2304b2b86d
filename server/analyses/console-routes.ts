import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../kernel/db';
import { readAnalysisRequest } from './intake';
import {
  ANONYMIZED,
  abortAnalysis,
  analysisRecord,
  createAnalysis,
  getAnalysis,
  getBlob,
  reanalyze,
  type AnalysisRow,
} from './repository';
import { ClientError } from '../kernel/http/errors';
import { requireLevel, resolveScope } from '../resources/access';
import { isUuid } from '../kernel/http/ids';
import { CONSOLE_API } from '../resources/routes';

const BASE = `${CONSOLE_API}/environments/:envId/analyses`;

type Params = { envId: string; id: string };

/** Spec §8: 'the analysis does not exist'. */
export const analysisNotFound = () =>
  new ClientError(404, 'ANALYSIS_NOT_FOUND', 'The analysis does not exist');

/** A Content-Disposition that survives any file name (RFC 6266 with an ASCII fallback). */
export const attachmentDisposition = (filename: string) =>
  `attachment; filename="${filename.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`;

/**
 * Types a download keeps from the uploader: none a browser would run as a page or a script (HTML,
 * SVG, XML, JavaScript…). Any other becomes application/octet-stream.
 */
const SAFE_DOWNLOAD_TYPE =
  /^(application\/pdf|image\/(png|jpeg|gif|tiff)|message\/rfc822|audio\/mpeg|application\/(msword|vnd\.ms-(excel|powerpoint|outlook)[\w.-]*|vnd\.openxmlformats-officedocument\.[\w.-]+|vnd\.oasis\.opendocument\.[\w.-]+))$/;

export const safeDownloadType = (type: string | null | undefined) => {
  const bare = (type ?? '').split(';')[0].trim().toLowerCase();
  return SAFE_DOWNLOAD_TYPE.test(bare) ? bare : 'application/octet-stream';
};

/**
 * A file for the browser to save, never to show (docs/decisions/security-answer-headers.md):
 * `attachment`, `nosniff`, and a type the caller chose (a safe one).
 */
export const sendDownload = (reply: FastifyReply, filename: string, type: string, body: string | Buffer) =>
  reply
    .header('content-disposition', attachmentDisposition(filename))
    .header('x-content-type-options', 'nosniff')
    .type(type)
    .send(body);

/** The original input of an analysis, as the file it came in as. */
export const sendOriginal = async (db: Db, reply: FastifyReply, row: AnalysisRow) => {
  if (row.anonymized_at) throw ANONYMIZED();
  if (row.input_type === 'text')
    return sendDownload(
      reply,
      `${row.name || 'text'}.txt`,
      'text/plain; charset=utf-8',
      row.input_text ?? '',
    );
  const bytes = row.blob_id ? await getBlob(db, row.blob_id) : undefined;
  if (!bytes) throw new ClientError(404, 'ORIGINAL_MISSING', 'Unable to fetch the original file');
  return sendDownload(reply, row.filename ?? 'original', safeDownloadType(row.mime), Buffer.from(bytes));
};

/**
 * The analyses of an environment beyond the generic list / show / delete (spec §2 "Core
 * analyses"): creation from a file, text or simulated mail; the result and trace; abort;
 * reanalyze; downloads of the original and of the result.
 */
export const consoleAnalysesRoutes = async (app: FastifyInstance) => {
  const { db, queue, config } = app;
  app.addHook('onRequest', app.authenticate);

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
      app.submissionLimits.user(request.auth.user.id);
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
    return sendDownload(
      reply,
      `analysis-${row.id}.json`,
      'application/json; charset=utf-8',
      JSON.stringify({ analysis: analysisRecord(row), result: row.result }, null, 2),
    );
  });

  app.get<{ Params: Params }>(`${BASE}/:id/original`, async (request, reply) =>
    sendOriginal(db, reply, await analysisOf(request, 'cockpit')),
  );

  app.post<{ Params: Params }>(`${BASE}/:id/abort`, async (request) =>
    analysisRecord(await abortAnalysis(db, await analysisOf(request, 'qualifier'))),
  );

  app.post<{ Params: Params }>(`${BASE}/:id/reanalyze`, async (request) =>
    analysisRecord(await reanalyze(db, queue, await analysisOf(request, 'qualifier'))),
  );
};
