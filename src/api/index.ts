/**
 * The console's API client (spec platform-shell §7, §8): the only place in the console that knows
 * HTTP. Importing this module has no side effects; the app creates its client at start-up.
 */
export { createApiClient } from './client';
export type { ApiClient, ApiClientHandlers, ApiClientOptions, ApiResponse, RequestOptions } from './client';
export { createSessionHandlers, loginPath } from './session';
export type { SessionDeps } from './session';
export {
  AbortError,
  ApiError,
  HttpError,
  NetworkError,
  RequestSchemaError,
  ResponseSchemaError,
  detailMessage,
  errorCodeOf,
  errorMessage,
  schemaMessages,
  serverMessage,
  setDetailTranslator,
  setErrorTranslator,
} from './errors';
export type { ErrorTranslator } from './errors';
export { filenameFromDisposition } from './decode';
export { toFormData, toQueryString } from './encode';
export type { BodyType } from './encode';
export type { ResponseType } from './decode';
