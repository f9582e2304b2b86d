import type { z } from 'zod';

/**
 * The errors the API client rejects with (spec platform-shell §8). Each situation has its own class
 * so callers branch with `instanceof` rather than by parsing messages: an aborted request is usually
 * ignored, a network failure retried, an HTTP error shown.
 */

type Issue = z.core.$ZodIssue;

/** Base class of every error the API client raises. */
export class ApiError extends Error {
  override name = 'ApiError';
}

const bodyMessage = (body: unknown): string | undefined => {
  if (typeof body !== 'object' || body === null || !('message' in body)) return undefined;
  const { message } = body;
  return typeof message === 'string' && message !== '' ? message : undefined;
};

/** The server answered with a non-OK status. */
export class HttpError extends ApiError {
  override name = 'HttpError';
  readonly status: number;
  readonly statusText: string;
  /** The parsed JSON body, or undefined when the answer had none (or was not JSON). */
  readonly body: unknown;

  constructor(status: number, statusText: string, body: unknown) {
    // HTTP/2 answers carry no status text, so the status code is the last resort.
    super(bodyMessage(body) ?? (statusText || `HTTP ${status}`));
    this.status = status;
    this.statusText = statusText;
    this.body = body;
  }
}

/** The request never got an answer (fetch rejected without being aborted). */
export class NetworkError extends ApiError {
  override name = 'NetworkError';
}

/** The caller's AbortSignal fired before the answer was read. */
export class AbortError extends ApiError {
  override name = 'AbortError';
}

/** The call's params, query or body did not match its contract; nothing was sent. */
export class RequestSchemaError extends ApiError {
  override name = 'RequestSchemaError';
  readonly issues: Issue[];

  constructor(message: string, issues: Issue[] = []) {
    super(message);
    this.issues = issues;
  }
}

/** The answer did not match the contract's response schema. */
export class ResponseSchemaError extends ApiError {
  override name = 'ResponseSchemaError';
  readonly issues: Issue[];

  constructor(message: string, issues: Issue[] = []) {
    super(message);
    this.issues = issues;
  }
}

/** The exact client-side messages of spec §8, kept together so tests and callers share them. */
export const schemaMessages = {
  missingParameter: (name: string) => `Missing value for parameter: ${name}`,
  // Not in the spec's catalogue: a value that is present but rejected is not "missing".
  invalidParameter: (name: string) => `Invalid value for parameter: ${name}`,
  invalidQuery: 'Invalid request query',
  invalidBody: 'Invalid request body',
  noContent: 'Received 204 No Content but schema requires data',
  invalidResponse: 'Invalid response body',
} as const;

/**
 * The server's own words for an error: the `message` field of its answer, else the error's own
 * message (spec §8). English for API clients: the console shows errorMessage instead.
 */
export const serverMessage = (err: unknown): string => {
  if (err instanceof HttpError) return bodyMessage(err.body) ?? err.message;
  if (err instanceof Error) return err.message;
  if (typeof err === 'string') return err;
  return bodyMessage(err) ?? 'An error occurred';
};

/**
 * Says an answer's `code` and `params` in the user's language, `serverWords` when it cannot. The
 * i18n provider registers one (providers/i18nProvider.ts, with src/i18n/errorCodes.ts), so that
 * every errorMessage call site speaks the user's language without a translate function of its own.
 */
export type ErrorTranslator = (code: string, params: Record<string, unknown>, serverWords: string) => string;

let errorTranslator: ErrorTranslator | undefined;

/** Registers the translator of coded errors (the i18n provider's); undefined: the server's words. */
export const setErrorTranslator = (translator: ErrorTranslator | undefined) => {
  errorTranslator = translator;
};

let detailTranslator: ErrorTranslator | undefined;

/**
 * Registers the translator of coded field problems (`details[].code`, schemas/detail-messages.ts):
 * the i18n provider's; undefined: the server's words.
 */
export const setDetailTranslator = (translator: ErrorTranslator | undefined) => {
  detailTranslator = translator;
};

/**
 * A refused save's problem on one field (an item of `details`) in the user's language: its `code`
 * with its `params` (`app.errors.details.<code>`), else its English `message`.
 *
 * @example
 * detailMessage({ path: 'name', message: "The context 'x' does not exist", code: 'contextUnknown', params: { name: 'x' } });
 * // 'Le contexte « x » n’existe pas'
 */
export const detailMessage = (detail: { message: string; code?: unknown; params?: unknown }): string =>
  typeof detail.code === 'string' && detailTranslator
    ? detailTranslator(
        detail.code,
        typeof detail.params === 'object' && detail.params !== null
          ? (detail.params as Record<string, unknown>)
          : {},
        detail.message,
      )
    : detail.message;

/** The `code` and `params` of a server answer's body (DESIGN.md §5), when it has a code. */
export const errorCodeOf = (err: unknown): { code: string; params: Record<string, unknown> } | undefined => {
  if (!(err instanceof HttpError) || typeof err.body !== 'object' || err.body === null) return undefined;
  const { code, params } = err.body as { code?: unknown; params?: unknown };
  if (typeof code !== 'string') return undefined;
  return {
    code,
    params: typeof params === 'object' && params !== null ? (params as Record<string, unknown>) : {},
  };
};

/**
 * The text to show for an error: a coded server answer in the user's language
 * (`app.errors.codes.docs/decisions/console-error-codes.md), else the server's
 * words (serverMessage).
 *
 * @example
 * toast.show({ severity: 'error', summary: 'Save failed', detail: errorMessage(err) });
 */
export const errorMessage = (err: unknown): string => {
  const words = serverMessage(err);
  const coded = errorCodeOf(err);
  return coded && errorTranslator ? errorTranslator(coded.code, coded.params, words) : words;
};
