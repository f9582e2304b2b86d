/**
 * An error a client can act on: the central error handler answers it with its status and the
 * JSON body `{ message, code, details? }` of DESIGN.md §5.
 */
export class ClientError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ClientError';
  }
}

export const notFound = (what: string) => new ClientError(404, 'NOT_FOUND', `${what} not found`);
export const forbidden = (message = 'You do not have access to this resource') =>
  new ClientError(403, 'FORBIDDEN', message);
