import { fakeFetch, jsonResponse } from '../api/testing';
import type { FakeFetch } from '../api/testing';

export interface FakeRequest {
  url: URL;
  method: string;
  /** The JSON body the console sent, parsed. */
  body: unknown;
  headers: Headers;
}

export type FakeRoute = Response | ((request: FakeRequest) => Response | Promise<Response>);

/**
 * A fake server for console tests: answers by `METHOD /path` with real Response objects, so the real
 * API client (headers, error classes, schema checks) runs between the page and the fake.
 * Unknown routes answer 404 like the real server would.
 *
 * @example
 * const api = fakeApi({ 'POST /api/login_check': json({ token: 't' }) });
 * createConsoleServices({ fetch: api.fetch });
 */
export const fakeApi = (routes: Record<string, FakeRoute>): FakeFetch =>
  fakeFetch(async (sent) => {
    const url = new URL(sent.url, 'http://console.test');
    const method = sent.method ?? 'GET';
    const route = routes[`${method} ${url.pathname}`];
    if (!route) return jsonResponse({ message: `No fake for ${method} ${url.pathname}` }, { status: 404 });
    if (route instanceof Response) return route.clone();
    const body: unknown = typeof sent.body === 'string' ? JSON.parse(sent.body) : undefined;
    return route({ url, method, body, headers: sent.headers });
  });

export const json = (body: unknown, status = 200): Response => jsonResponse(body, { status });
