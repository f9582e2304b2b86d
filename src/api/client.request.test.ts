import { describe, expect, it } from 'vitest';
import { createApiClient } from './client';
import type { ApiClientOptions } from './client';
import { fakeFetch, jsonResponse } from './testing';
import type { FakeFetch } from './testing';

const clientWith = (fake: FakeFetch, overrides: Partial<ApiClientOptions> = {}) =>
  createApiClient({
    baseUrl: 'https://api.test/',
    fetch: fake.fetch,
    getToken: () => null,
    getSwitchUser: () => null,
    ...overrides,
  });

describe('request: address and query', () => {
  it('joins the base URL and path and writes arrays in bracket style, objects as JSON', async () => {
    const fake = fakeFetch(jsonResponse([]));
    await clientWith(fake).request({
      method: 'GET',
      path: '/v4/console/api/projects',
      query: { ids: [1, 2], filter: { q: 'a b' }, page: 2, skipped: undefined },
    });
    expect(fake.only().url).toBe(
      'https://api.test/v4/console/api/projects?ids[]=1&ids[]=2&filter=%7B%22q%22%3A%22a%20b%22%7D&page=2',
    );
    expect(fake.only().method).toBe('GET');
  });

  it('sends no query string when the query is empty', async () => {
    const fake = fakeFetch(jsonResponse({}));
    await clientWith(fake).request({ method: 'GET', path: '/v4/console/api/user', query: {} });
    expect(fake.only().url).toBe('https://api.test/v4/console/api/user');
  });
});

describe('request: headers', () => {
  it('sends the bearer token when one is stored', async () => {
    const fake = fakeFetch(jsonResponse({}));
    await clientWith(fake, { getToken: () => 'tok-1' }).request({ method: 'GET', path: '/x' });
    expect(fake.only().headers.get('Authorization')).toBe('Bearer tok-1');
  });

  it('sends no authorization header when no token is stored', async () => {
    const fake = fakeFetch(jsonResponse({}));
    await clientWith(fake).request({ method: 'GET', path: '/x' });
    expect(fake.only().headers.has('Authorization')).toBe(false);
  });

  it('sends the switch header only when a switch value is stored', async () => {
    const withSwitch = fakeFetch(jsonResponse({}));
    await clientWith(withSwitch, { getSwitchUser: () => 'ann' }).request({ method: 'GET', path: '/x' });
    expect(withSwitch.only().headers.get('X-Switch-User')).toBe('ann');

    const without = fakeFetch(jsonResponse({}));
    await clientWith(without).request({ method: 'GET', path: '/x' });
    expect(without.only().headers.has('X-Switch-User')).toBe(false);
  });
});

describe('request: bodies', () => {
  it('sends JSON with its content type by default', async () => {
    const fake = fakeFetch(jsonResponse({}));
    await clientWith(fake).request({ method: 'POST', path: '/x', body: { name: 'Acme', tags: ['a'] } });
    expect(fake.only().headers.get('Content-Type')).toBe('application/json');
    expect(fake.only().body).toBe('{"name":"Acme","tags":["a"]}');
  });

  it('builds multipart form data from a plain object: files, repeated key[] entries, strings', async () => {
    const fake = fakeFetch(jsonResponse({}));
    const file = new File(['%PDF'], 'invoice.pdf', { type: 'application/pdf' });
    await clientWith(fake).request({
      method: 'POST',
      path: '/upload',
      bodyType: 'form',
      body: { file, tags: ['x', 'y'], count: 3, skipped: undefined },
    });
    const { body, headers } = fake.only();
    if (!(body instanceof FormData)) throw new Error('expected FormData');
    const sentFile = body.get('file');
    expect(sentFile).toBeInstanceOf(File);
    expect((sentFile as File).name).toBe('invoice.pdf');
    expect(body.getAll('tags[]')).toEqual(['x', 'y']);
    expect(body.get('count')).toBe('3');
    expect(body.has('skipped')).toBe(false);
    // The browser must write the multipart content type itself, with its boundary.
    expect(headers.has('Content-Type')).toBe(false);
  });

  it('sends plain text as text/plain', async () => {
    const fake = fakeFetch(jsonResponse({}));
    await clientWith(fake).request({
      method: 'PUT',
      path: '/template',
      bodyType: 'text',
      body: 'Hello {{ name }}',
    });
    expect(fake.only().headers.get('Content-Type')).toBe('text/plain');
    expect(fake.only().body).toBe('Hello {{ name }}');
  });
});

describe('request: answer', () => {
  it('returns the status, the headers (Content-Range for lists) and the parsed data', async () => {
    const fake = fakeFetch(jsonResponse([{ id: '1' }], { headers: { 'Content-Range': 'projects 0-0/12' } }));
    const answer = await clientWith(fake).request({ method: 'GET', path: '/projects' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Content-Range')).toBe('projects 0-0/12');
    expect(answer.data).toEqual([{ id: '1' }]);
  });

  it('forwards the caller’s abort signal to fetch', async () => {
    const fake = fakeFetch(jsonResponse({}));
    const controller = new AbortController();
    await clientWith(fake).request({ method: 'GET', path: '/x', signal: controller.signal });
    expect(fake.only().signal).toBe(controller.signal);
  });
});
