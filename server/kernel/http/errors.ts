import type {
  ErrorCode,
  ForbiddenLevel,
  ForbiddenReason,
  NotFoundSubject,
} from '../../../schemas/error-codes';

/**
 * An error a client can act on: the central error handler answers it with its status and the
 * JSON body `{ message, code, params?, details? }` of DESIGN.md §5. `code` is one of the registry
 * (schemas/error-codes.ts), `message` the English words for API clients, and `extra.params` the
 * variable parts the console puts in its own words (docs/decisions/console-error-codes.md).
 */
export class ClientError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ClientError';
  }
}

/** `Environment not found` (or the route's own words), with the thing as `params.what`. */
export const notFound = (what: NotFoundSubject, message?: string, params: Record<string, unknown> = {}) =>
  new ClientError(404, 'NOT_FOUND', message ?? `${what.charAt(0).toUpperCase()}${what.slice(1)} not found`, {
    params: { what, ...params },
  });

/** What a 403 says in English, by reason (`params.reason`) and project level (`params.level`). */
const FORBIDDEN_MESSAGES: Record<ForbiddenReason, (level?: ForbiddenLevel) => string> = {
  staff: () => 'Reserved to platform staff',
  orgAdmin: () => 'Reserved to organisation administrators',
  everyProject: (level) => `Reserved to ${level}s of every project`,
  project: (level) => `Reserved to project ${level}s and above`,
};

/** A 403 the caller can understand; without a reason, the generic one. */
export const forbidden = (reason?: ForbiddenReason, level?: ForbiddenLevel) =>
  reason
    ? new ClientError(403, 'FORBIDDEN', FORBIDDEN_MESSAGES[reason](level), {
        params: level ? { reason, level } : { reason },
      })
    : new ClientError(403, 'FORBIDDEN', 'You do not have access to this resource');
