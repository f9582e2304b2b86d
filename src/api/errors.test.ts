import { describe, expect, it } from 'vitest';
import {
  AbortError,
  ApiError,
  HttpError,
  NetworkError,
  RequestSchemaError,
  ResponseSchemaError,
  errorMessage,
} from './errors';

describe('error classes', () => {
  it.each([
    ['HttpError', new HttpError(500, 'Server Error', undefined)],
    ['NetworkError', new NetworkError('Failed to fetch')],
    ['AbortError', new AbortError('Request aborted')],
    ['RequestSchemaError', new RequestSchemaError('Invalid request body')],
    ['ResponseSchemaError', new ResponseSchemaError('Invalid response body')],
  ])('%s is an ApiError carrying its own name', (name, error) => {
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe(name);
  });

  it('HttpError falls back to the status code when the answer has neither message nor status text', () => {
    expect(new HttpError(500, '', undefined).message).toBe('HTTP 500');
  });
});

describe('errorMessage', () => {
  it('uses the message field of the server answer', () => {
    expect(errorMessage(new HttpError(400, 'Bad Request', { message: 'Name too long' }))).toBe(
      'Name too long',
    );
  });

  it('falls back to the error’s own message', () => {
    expect(errorMessage(new HttpError(400, 'Bad Request', { code: 'x' }))).toBe('Bad Request');
    expect(errorMessage(new NetworkError('Failed to fetch'))).toBe('Failed to fetch');
    expect(errorMessage(new Error('boom'))).toBe('boom');
  });

  it('reads a thrown string or a plain object with a message, and has a last-resort text', () => {
    expect(errorMessage('plain')).toBe('plain');
    expect(errorMessage({ message: 'from object' })).toBe('from object');
    expect(errorMessage(42)).toBe('An error occurred');
  });
});
