import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { databaseUnavailable, isConnectionError, isStorageFull, storageFull } from '../db/retry';
import { isErrorCode, type ErrorCode } from '../../../schemas/error-codes';
import { ClientError } from '../http/errors';
import { ajvProblem } from '../http/ajv-problem';
import type { ErrorObject } from 'ajv';

const GENERIC = 'An error has happened. Please retry later.';

const mediaType = (e: FastifyError) => e.message.replace(/^Unsupported Media Type: /, '');

/** Fastify's own client-error codes, answered with a message a person can act on. */
const fastifyCodes: Record<
  string,
  {
    status: number;
    code: ErrorCode;
    message: (e: FastifyError) => string;
    params?: (e: FastifyError) => Record<string, unknown>;
  }
> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'MALFORMED_JSON',
    message: () => 'The request body is not valid JSON',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: 'EMPTY_BODY',
    message: () => 'The request body is empty',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'BODY_TOO_LARGE',
    message: () => 'The request body is too large',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: (e) => `Unsupported content type: ${mediaType(e)}`,
    params: (e) => ({ type: mediaType(e) }),
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'BAD_CONTENT_LENGTH',
    message: () => 'Content-Length does not match the body',
  },
};

/**
 * The one error handler: every answer is `{ message, code, params?, details? }` (DESIGN.md §5), client
 * mistakes get a 4xx that names the problem, and only our own failures are 500 (logged, never shown).
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof ClientError) {
        // A refusal that says when to come back says it in the standard header too (RFC 9110 §10.2.3).
        if (typeof error.extra.retryAfter === 'number')
          reply.header('retry-after', String(error.extra.retryAfter));
        return reply
          .status(error.statusCode)
          .send({ message: error.message, code: error.code, ...error.extra });
      }
      if (error.validation) {
        const where = error.validationContext ?? 'body';
        const details = error.validation.map((v) => {
          const missing = (v.params as { missingProperty?: string }).missingProperty;
          const extra = (v.params as { additionalProperty?: string }).additionalProperty;
          const field = [v.instancePath.replace(/^\//, '').replace(/\//g, '.'), missing ?? extra]
            .filter(Boolean)
            .join('.');
          const message = extra
            ? 'is not a known field'
            : missing
              ? 'is required'
              : (v.message ?? 'is invalid');
          // By code too (schemas/detail-messages.ts `schema*`): the console says it in the user's language.
          return { path: field || where, message, ...ajvProblem(v as ErrorObject) };
        });
        const summary = details.map((d) => `${d.path} ${d.message}`).join('; ');
        return reply.status(400).send({
          message: `Invalid request ${where}: ${summary}`,
          code: 'VALIDATION_FAILED' satisfies ErrorCode,
          details,
          params: { fields: details.map((d) => d.path).join(', ') },
        });
      }
      const known = error.code ? fastifyCodes[error.code] : undefined;
      if (known) {
        const params = known.params?.(error);
        return reply
          .status(known.status)
          .send({ message: known.message(error), code: known.code, ...(params ? { params } : {}) });
      }
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        return (
          reply
            .status(error.statusCode)
            // A library's own code (FST_…) is none of the registry's: the console could not say it.
            .send({ message: error.message, code: isErrorCode(error.code) ? error.code : 'BAD_REQUEST' })
        );
      }
      if (isConnectionError(error)) return databaseUnavailable(request, reply, error);
      if (isStorageFull(error)) return storageFull(request, reply, error);
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({ message: GENERIC, code: 'INTERNAL_ERROR' satisfies ErrorCode });
    });
  },
  { name: 'errors' },
);

/** Unknown routes: the console's deep links first (when it is served), else a JSON 404. */
export const notFoundHandler =
  (fallback?: (request: FastifyRequest, reply: FastifyReply) => boolean) =>
  (request: FastifyRequest, reply: FastifyReply) => {
    if (fallback?.(request, reply)) return;
    return reply.status(404).send({
      message: `No route ${request.method} ${request.url.split('?')[0]}`,
      code: 'NOT_FOUND' satisfies ErrorCode,
      params: { what: 'route' },
    });
  };
