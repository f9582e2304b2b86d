import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FINAL_STATUSES } from '../../schemas/analysis-result';
import {
  createPublicAnalysis,
  publicAnalysis,
  publicAnalysisStatus,
} from '../../schemas/contracts/public';
import { readAnalysisRequest } from './intake';
import {
  ANONYMIZED,
  analysisRecord,
  createAnalysis,
  getAnalysis,
  setFinalStatus,
} from './repository';
import { publicAnalysisReads, type ResultRow, type StatusRow } from './public-reads';
import { contractRoute } from '../kernel/http/contract-route';
import { ClientError } from '../kernel/http/errors';
import { isUuid } from '../kernel/http/ids';
import { analysisNotFound } from './console-routes';

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;

/** Ended, for a waiting read: finished, or processed and waiting for its manual final status. */
const ended = (row: StatusRow) => FINAL_STATUSES.includes(row.status) || row.awaiting_final_status;

/**
 * The public analyses API (DESIGN.md §5) for machine clients with an environment access key:
 * create (multipart file, or JSON text / mail; `Idempotency-Key` makes a retry safe), read the
 * result, and PATCH the manual final status (with the consolidation's `exchangeLabels`).
 */
export const publicAnalysesRoutes = async (app: FastifyInstance) => {
  const { db, queue, config } = app;
  app.addHook('onRequest', app.authenticateKey);

  const { readStatus, readResult } = publicAnalysisReads(db);

  const analysisOf = async (request: FastifyRequest<{ Params: { id: string } }>) => {
    const row = isUuid(request.params.id)
      ? await getAnalysis(db, request.params.id, request.key.environmentId)
      : undefined;
    if (!row) throw analysisNotFound();
    return row;
  };

  /**
   * Reads the row, and with `seconds` to wait, reads it again when its analysis ends (a signal from
   * whichever worker ended it: server/kernel/signals.ts) or at the deadline. The wait is registered
   * before the first read, so that an end in between is not missed; a client that hangs up ends it.
   */
  const readWaiting = async <R extends StatusRow>(
    id: string,
    seconds: number,
    reply: FastifyReply,
    read: () => Promise<R | undefined>,
  ): Promise<R> => {
    if (!isUuid(id)) throw analysisNotFound();
    const waiting = seconds > 0 ? app.signals.finished(id, seconds * 1000) : undefined;
    const hangUp = () => waiting?.cancel();
    reply.raw.once('close', hangUp);
    try {
      let row = await read();
      if (!row) throw analysisNotFound();
      if (waiting && !ended(row)) {
        await waiting.done;
        row = (await read()) ?? row;
      }
      return row;
    } finally {
      waiting?.cancel();
      reply.raw.off('close', hangUp);
    }
  };

  /** The analysis with its result, the stored JSON spliced in as it is. */
  const sendWithResult = (reply: FastifyReply, row: ResultRow) => {
    if (row.anonymized_at) throw ANONYMIZED();
    const head = JSON.stringify({ ...analysisRecord(row), exchangeLabels: row.exchange_labels });
    return reply.type('application/json').send(`${head.slice(0, -1)},"result":${row.result_json ?? 'null'}}`);
  };

  type WaitRequest = FastifyRequest<{ Params: { id: string }; Querystring: { wait?: string } }>;
  const waitOf = (request: FastifyRequest<{ Querystring: { wait?: string } }>) =>
    Number(request.query.wait ?? 0);

  app.post<{ Querystring: { wait?: string } }>(
    '/v4/api/analyses',
    { ...contractRoute(createPublicAnalysis), bodyLimit: config.uploadMaxBytes + 65_536 },
    async (request, reply) => {
      const header = request.headers['idempotency-key'];
      const idempotencyKey = Array.isArray(header) ? header[0] : header;
      if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey)) {
        throw new ClientError(
          400,
          'BAD_IDEMPOTENCY_KEY',
          'Idempotency-Key must be 1 to 200 visible ASCII characters',
        );
      }
      // Before the body is read: a client past its rate costs no parsing (docs/security.md).
      app.submissionLimits.key(request.key.keyId);
      const input = await readAnalysisRequest(request, request.key.environmentId, config.uploadMaxBytes);
      const { row, created } = await createAnalysis(db, queue, {
        ...input,
        idempotencyKey,
        accessKeyId: request.key.keyId,
      });
      reply.code(created ? 201 : 200);
      const seconds = waitOf(request);
      if (seconds === 0) return reply.send(analysisRecord(row));
      // Submit and wait: the answer brings the result when the analysis ends within the wait.
      const env = request.key.environmentId;
      return sendWithResult(reply, await readWaiting(row.id, seconds, reply, () => readResult(row.id, env)));
    },
  );

  app.route<{ Params: { id: string }; Querystring: { wait?: string } }>({
    ...contractRoute(publicAnalysisStatus),
    handler: async (request: WaitRequest, reply) => {
      const { id } = request.params;
      const row = await readWaiting(id, waitOf(request), reply, () =>
        readStatus(id, request.key.environmentId),
      );
      return { ...analysisRecord(row), awaitingFinalStatus: row.awaiting_final_status };
    },
  });

  app.route<{ Params: { id: string }; Querystring: { wait?: string } }>({
    ...contractRoute(publicAnalysis),
    handler: async (request: WaitRequest, reply) => {
      const { id } = request.params;
      const row = await readWaiting(id, waitOf(request), reply, () =>
        readResult(id, request.key.environmentId),
      );
      return sendWithResult(reply, row);
    },
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
