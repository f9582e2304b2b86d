import type { z } from 'zod';

/** HTTP methods the client speaks (spec platform-shell §7). */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';

/**
 * One call of the API, described once and used by both halves: the console client checks path
 * parameters, query, body and response against it (zod), and the server derives its route schemas
 * from it (`z.toJSONSchema`), so the two cannot drift apart.
 *
 * `path` uses `{name}` placeholders, e.g. `/users/password/forgotten/check/{resetToken}`.
 * `bodyType` says how the body travels: `json` (default), `form` (multipart form data) or `text`.
 * `responseType` says how the answer is read: `json` (default) or `file` (a Blob with the name
 * taken from Content-Disposition). A contract without `response` expects no data (204 is fine);
 * with one, a 204 answer is an error.
 *
 * @example
 * export const checkResetToken = defineCall({
 *   method: 'GET',
 *   path: '/users/password/forgotten/check/{resetToken}',
 *   params: z.object({ resetToken: z.string() }),
 *   response: z.object({ valid: z.literal(true), expiresAt: z.string() }),
 * });
 */
export interface CallContract {
  method: HttpMethod;
  path: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  bodyType?: 'json' | 'form' | 'text';
  response?: z.ZodType;
  responseType?: 'json' | 'file';
}

export const defineCall = <const C extends CallContract>(contract: C): C => contract;

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;
type InferIn<T> = T extends z.ZodType ? z.input<T> : undefined;

/** What a caller passes for a contract: only the parts the contract declares. */
export type CallInput<C extends CallContract> = (C['params'] extends z.ZodType
  ? { params: InferIn<C['params']> }
  : { params?: undefined }) &
  (C['query'] extends z.ZodType ? { query?: InferIn<C['query']> } : { query?: undefined }) &
  (C['body'] extends z.ZodType ? { body: InferIn<C['body']> } : { body?: undefined }) & {
    signal?: AbortSignal;
  };

/** A downloaded file: its content and the name from Content-Disposition (when the server gave one). */
export interface DownloadedFile {
  blob: Blob;
  filename: string | undefined;
}

/** What a call resolves to. */
export type CallOutput<C extends CallContract> = C['responseType'] extends 'file'
  ? DownloadedFile
  : C['response'] extends z.ZodType
    ? Infer<C['response']>
    : void;
