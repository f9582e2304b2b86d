import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readAnalysisRequest } from '../../analyses/intake';
import {
  ANONYMIZED,
  analysisRecord,
  createAnalysis,
  getAnalysis,
  setFinalStatus,
} from '../../analyses/repository';
import { ClientError } from '../../http/errors';
import type { Platform } from '../../platform';
import { isUuid } from '../../resources/fields';
import { analysisNotFound } from '../console/analyses';

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;

/**
 * The public analyses API (DESIGN.md §5) for machine clients with an environment access key:
 * create (multipart file, or JSON text / mail; `Idempotency-Key` makes a retry safe), read the
 * result, and PATCH the manual final status (with the consolidation's `exchangeLabels`).
 */
export const publicAnalysesRoutes = async (app: FastifyInstance, { platform }: { platform: Platform }) => {
  const { db, queue, config } = platform;
  app.addHook('onRequest', app.authenticateKey);

  const analysisOf = async (request: FastifyRequest<{ Params: { id: string } }>) => {
    const row = isUuid(request.params.id)
      ? await getAnalysis(db, request.params.id, request.key.environmentId)
      : undefined;
    if (!row) throw analysisNotFound();
    return row;
  };

  app.post('/v4/api/analyses', { bodyLimit: config.uploadMaxBytes + 65_536 }, async (request, reply) => {
    const header = request.headers['idempotency-key'];
    const idempotencyKey = Array.isArray(header) ? header[0] : header;
    if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey)) {
      throw new ClientError(
        400,
        'BAD_IDEMPOTENCY_KEY',
        'Idempotency-Key must be 1 to 200 visible ASCII characters',
      );
    }
    const input = await readAnalysisRequest(request, request.key.environmentId, config.uploadMaxBytes);
    const { row, created } = await createAnalysis(db, queue, {
      ...input,
      idempotencyKey,
      accessKeyId: request.key.keyId,
    });
    return reply.code(created ? 201 : 200).send(analysisRecord(row));
  });

  app.get<{ Params: { id: string } }>('/v4/api/analyses/:id', async (request) => {
    const row = await analysisOf(request);
    if (row.anonymized_at) throw ANONYMIZED();
    return { ...analysisRecord(row), exchangeLabels: row.exchange_labels, result: row.result };
  });

  app.patch<{ Params: { id: string }; Body: { status?: 'processed' | 'error'; exchangeLabels?: unknown } }>(
    '/v4/api/analyses/:id',
    {
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            status: { type: 'string', enum: ['processed', 'error'], default: 'processed' },
            exchangeLabels: {},
          },
        },
      },
    },
    async (request) => {
      const row = await analysisOf(request);
      const updated = await setFinalStatus(
        db,
        row,
        request.body.status ?? 'processed',
        request.body.exchangeLabels,
      );
      return { ...analysisRecord(updated), exchangeLabels: updated.exchange_labels };
    },
  );
};
