import type { z } from 'zod';
import type { CallContract, CallInput, CallOutput, HttpMethod } from '../../schemas/contracts/define';
import { type ResponseType, readAnswer, readErrorBody } from './decode';
import { type BodyType, buildUrl, encodeBody, fillPath } from './encode';
import {
  AbortError,
  ApiError,
  HttpError,
  NetworkError,
  RequestSchemaError,
  ResponseSchemaError,
  schemaMessages,
} from './errors';

/** What the console does when the server ends the session or refuses access (spec §8). */
export interface ApiClientHandlers {
  onUnauthorized?(error: HttpError): void;
  onForbidden?(error: HttpError): void;
  onPasswordExpired?(refreshToken: string, error: HttpError): void;
}

export interface ApiClientOptions {
  baseUrl: string;
  fetch?: typeof fetch;
  /** Read on every request, so signing in or out needs no new client. */
  getToken: () => string | null;
  getSwitchUser: () => string | null;
  handlers?: ApiClientHandlers;
}

export interface RequestOptions {
  method: HttpMethod;
  path: string;
  query?: Record<string, unknown>;
  body?: unknown;
  bodyType?: BodyType;
  responseType?: ResponseType;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  /** Parsed JSON, a `DownloadedFile` for `responseType: 'file'`, or undefined for an empty answer. */
  data: unknown;
}

export interface ApiClient {
  call<C extends CallContract>(contract: C, input: CallInput<C>): Promise<CallOutput<C>>;
  request(options: RequestOptions): Promise<ApiResponse>;
}

interface LooseInput {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  signal?: AbortSignal;
}

const isMissing = (value: unknown) => value === undefined || value === null || value === '';

const checkParams = (schema: z.ZodObject | undefined, params: Record<string, unknown> | undefined) => {
  if (!schema) return params;
  const parsed = schema.safeParse(params ?? {});
  if (parsed.success) return parsed.data;
  const name = String(parsed.error.issues[0]?.path[0] ?? '');
  const message = isMissing(params?.[name])
    ? schemaMessages.missingParameter(name)
    : schemaMessages.invalidParameter(name);
  throw new RequestSchemaError(message, parsed.error.issues);
};

const check = (schema: z.ZodType | undefined, value: unknown, message: string): unknown => {
  if (!schema) return value;
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new RequestSchemaError(message, parsed.error.issues);
  return parsed.data;
};

const refreshTokenOf = (body: unknown): string | undefined => {
  if (typeof body !== 'object' || body === null || !('refreshToken' in body)) return undefined;
  return typeof body.refreshToken === 'string' && body.refreshToken !== '' ? body.refreshToken : undefined;
};

/** Runs a step that touches the network, turning its failures into the client's error classes. */
const guard = async <T>(step: () => Promise<T>, signal: AbortSignal | undefined): Promise<T> => {
  try {
    return await step();
  } catch (err) {
    if (err instanceof ApiError) throw err;
    // Node's fetch rejects with its own DOMException class, so the name is what can be relied on.
    if (signal?.aborted || (err instanceof Error && err.name === 'AbortError')) {
      throw new AbortError('Request aborted', { cause: err });
    }
    throw new NetworkError(err instanceof Error ? err.message : 'Network failure', { cause: err });
  }
};

/**
 * Creates the console's API client, the only code in the console that speaks HTTP (spec §7, §8).
 * `call` checks a call contract on the way out and on the way back; `request` is the schema-less
 * form the react-admin data provider uses (it needs the headers, e.g. Content-Range).
 *
 * @example
 * const api = createApiClient({
 *   baseUrl: '',
 *   getToken: () => readStored(storageKeys.token),
 *   getSwitchUser: () => readStored(storageKeys.switchUser),
 *   handlers: createSessionHandlers({ notify: toast.show, clearSession, navigate, currentPath, rememberTarget }),
 * });
 * const { token } = await api.call(loginCheck, { body: { username, password } });
 * const project = await api.call(getProject, { params: { projectId } });
 */
export const createApiClient = (options: ApiClientOptions): ApiClient => {
  // Looked up at call time, so nothing touches the global fetch on import and tests may stub it.
  const send = options.fetch ?? ((url: string, init: RequestInit) => fetch(url, init));
  const handlers = options.handlers ?? {};

  const fail = async (response: Response, signal: AbortSignal | undefined): Promise<never> => {
    const body = await guard(() => readErrorBody(response), signal);
    const error = new HttpError(response.status, response.statusText, body);
    // The token is read again here: when several calls fail at once, the first handler clears the
    // session and the others then just reject, so the user sees one notice. Without a token a 401 is
    // a wrong sign-in, which the caller shows.
    const signedIn = options.getToken() !== null;
    if (response.status === 401 && signedIn) handlers.onUnauthorized?.(error);
    else if (response.status === 403 && signedIn) handlers.onForbidden?.(error);
    else if (response.status === 410) {
      const refreshToken = refreshTokenOf(body);
      if (refreshToken !== undefined) handlers.onPasswordExpired?.(refreshToken, error);
    }
    throw error;
  };

  const request = async (req: RequestOptions): Promise<ApiResponse> => {
    const { body, contentType } = encodeBody(req.body, req.bodyType);
    const headers = new Headers();
    if (contentType) headers.set('Content-Type', contentType);
    const token = options.getToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    const switchUser = options.getSwitchUser();
    if (switchUser) headers.set('X-Switch-User', switchUser);
    for (const [name, value] of Object.entries(req.headers ?? {})) headers.set(name, value);

    const url = buildUrl(options.baseUrl, req.path, req.query);
    // No timeout of our own (spec §9: none); the caller's signal is the only way to give up.
    const init: RequestInit = { method: req.method, headers, body, signal: req.signal };
    const response = await guard(() => send(url, init), req.signal);
    if (!response.ok) return fail(response, req.signal);
    const data = await guard(() => readAnswer(response, req.responseType), req.signal);
    return { status: response.status, headers: response.headers, data };
  };

  const call = async <C extends CallContract>(contract: C, input: CallInput<C>): Promise<CallOutput<C>> => {
    const { params, query, body, signal } = input as LooseInput;
    const path = fillPath(contract.path, checkParams(contract.params, params));
    const { status, data } = await request({
      method: contract.method,
      path,
      query: check(contract.query, query ?? {}, schemaMessages.invalidQuery) as Record<string, unknown>,
      body: check(contract.body, body, schemaMessages.invalidBody),
      bodyType: contract.bodyType,
      responseType: contract.responseType,
      signal,
    });
    // The casts below are sound: the data was just produced by the contract's own schema (or is the
    // DownloadedFile / undefined that CallOutput names for contracts without one).
    if (contract.responseType === 'file') return data as CallOutput<C>;
    if (!contract.response) return undefined as CallOutput<C>;
    if (status === 204) throw new ResponseSchemaError(schemaMessages.noContent);
    const parsed = contract.response.safeParse(data);
    if (!parsed.success) throw new ResponseSchemaError(schemaMessages.invalidResponse, parsed.error.issues);
    return parsed.data as CallOutput<C>;
  };

  return { call, request };
};
