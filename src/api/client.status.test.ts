import { describe, expect, it, vi } from 'vitest';
import { getCurrentUser, loginCheck } from '../../schemas/contracts/auth';
import { createApiClient } from './client';
import type { ApiClientHandlers } from './client';
import { AbortError, HttpError, NetworkError } from './errors';
import { fakeFetch, hangingFetch, jsonResponse, rejectionOf } from './testing';
import type { FakeFetch } from './testing';

const setup = (fake: FakeFetch, token: string | null) => {
  const handlers = {
    onUnauthorized: vi.fn<NonNullable<ApiClientHandlers['onUnauthorized']>>(),
    onForbidden: vi.fn<NonNullable<ApiClientHandlers['onForbidden']>>(),
    onPasswordExpired: vi.fn<NonNullable<ApiClientHandlers['onPasswordExpired']>>(),
  };
  const api = createApiClient({
    baseUrl: 'https://api.test',
    fetch: fake.fetch,
    getToken: () => token,
    getSwitchUser: () => null,
    handlers,
  });
  return { api, handlers };
};

const answer = (status: number, statusText: string, body?: unknown) =>
  body === undefined
    ? new Response(null, { status, statusText })
    : jsonResponse(body, { status, statusText });

describe('status behaviours', () => {
  it('on 401 with a stored token, hands the error to onUnauthorized and rejects with it', async () => {
    const { api, handlers } = setup(
      fakeFetch(answer(401, 'Unauthorized', { message: 'Expired JWT' })),
      'tok',
    );
    const error = await rejectionOf(api.call(getCurrentUser, {}));
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 401, message: 'Expired JWT' });
    expect(handlers.onUnauthorized).toHaveBeenCalledExactlyOnceWith(error);
  });

  it('on 401 without a token (a wrong sign-in), only rejects so the caller can show it', async () => {
    const { api, handlers } = setup(
      fakeFetch(answer(401, 'Unauthorized', { message: 'Invalid credentials.' })),
      null,
    );
    const error = await rejectionOf(api.call(loginCheck, { body: { username: 'ann', password: 'bad' } }));
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 401, message: 'Invalid credentials.' });
    expect(handlers.onUnauthorized).not.toHaveBeenCalled();
  });

  it('on 403 with a stored token, hands the error to onForbidden and rejects with it', async () => {
    const { api, handlers } = setup(
      fakeFetch(answer(403, 'Forbidden', { message: 'Not your project' })),
      'tok',
    );
    const error = await rejectionOf(api.request({ method: 'GET', path: '/v4/console/api/projects/9' }));
    expect(error).toMatchObject({ status: 403, statusText: 'Forbidden', message: 'Not your project' });
    expect(handlers.onForbidden).toHaveBeenCalledExactlyOnceWith(error);
  });

  it('on 403 without a token, only rejects', async () => {
    const { api, handlers } = setup(fakeFetch(answer(403, 'Forbidden')), null);
    await expect(api.request({ method: 'GET', path: '/x' })).rejects.toBeInstanceOf(HttpError);
    expect(handlers.onForbidden).not.toHaveBeenCalled();
  });

  it('on 410, hands the returned refreshToken to onPasswordExpired and rejects', async () => {
    const body = { message: 'Password expired', refreshToken: 'rt/42' };
    const { api, handlers } = setup(fakeFetch(answer(410, 'Gone', body)), 'tok');
    const error = await rejectionOf(api.call(getCurrentUser, {}));
    expect(error).toMatchObject({ status: 410, body });
    expect(handlers.onPasswordExpired).toHaveBeenCalledExactlyOnceWith('rt/42', error);
  });

  it('rejects other statuses with status, status text, body and the body’s message, calling no handler', async () => {
    const body = { message: 'Name already used', code: 'duplicate' };
    const { api, handlers } = setup(fakeFetch(answer(409, 'Conflict', body)), 'tok');
    const error = await rejectionOf(api.request({ method: 'POST', path: '/projects', body: { name: 'P' } }));
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 409, statusText: 'Conflict', body, message: 'Name already used' });
    expect(Object.values(handlers).every((handler) => handler.mock.calls.length === 0)).toBe(true);
  });

  it('takes the message from the status text when the body has none', async () => {
    const fake = fakeFetch(new Response('<html>oops</html>', { status: 502, statusText: 'Bad Gateway' }));
    const error = await rejectionOf(setup(fake, 'tok').api.request({ method: 'GET', path: '/x' }));
    expect(error).toMatchObject({ status: 502, body: undefined, message: 'Bad Gateway' });
  });
});

describe('transport failures', () => {
  it('rejects with NetworkError when fetch fails', async () => {
    const fake = fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await rejectionOf(setup(fake, 'tok').api.request({ method: 'GET', path: '/x' }));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ message: 'Failed to fetch' });
  });

  it('rejects with AbortError when the caller aborts mid-request', async () => {
    const fake = fakeFetch(hangingFetch);
    const controller = new AbortController();
    const pending = setup(fake, 'tok').api.call(getCurrentUser, { signal: controller.signal });
    await vi.waitFor(() => expect(fake.sent).toHaveLength(1));
    controller.abort();
    const error = await rejectionOf(pending);
    expect(error).toBeInstanceOf(AbortError);
    expect(error).not.toBeInstanceOf(NetworkError);
  });
});
