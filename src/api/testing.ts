/**
 * Test doubles for the API client: a fake `fetch` that records what the client sent and answers
 * with real `Response` objects, so tests assert on the wire format a server would see.
 * Only tests import this file.
 */

export interface SentRequest {
  url: string;
  method: string | undefined;
  headers: Headers;
  body: BodyInit | null | undefined;
  signal: AbortSignal | null | undefined;
}

type Answer = Response | ((sent: SentRequest) => Response | Promise<Response>);

export interface FakeFetch {
  fetch: typeof fetch;
  /** Every request sent, oldest first. */
  sent: SentRequest[];
  /** The only request sent; fails the test when there were none or several. */
  only(): SentRequest;
}

export const fakeFetch = (answer: Answer = new Response(null, { status: 204 })): FakeFetch => {
  const sent: SentRequest[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request: SentRequest = {
      url: input instanceof Request ? input.url : String(input),
      method: init?.method,
      headers: new Headers(init?.headers),
      body: init?.body,
      signal: init?.signal,
    };
    sent.push(request);
    // A Response body can be read once, so a shared answer is cloned for each request.
    return typeof answer === 'function' ? answer(request) : answer.clone();
  };
  return {
    fetch: fetchImpl,
    sent,
    only: () => {
      if (sent.length !== 1) throw new Error(`Expected exactly one request, got ${sent.length}`);
      return sent[0];
    },
  };
};

export const jsonResponse = (body: unknown, init: ResponseInit = {}): Response => {
  const headers = new Headers(init.headers);
  headers.set('Content-Type', 'application/json');
  return new Response(JSON.stringify(body), { status: 200, ...init, headers });
};

/** Resolves like a real fetch would for a request that never answers: only its signal ends it. */
export const hangingFetch = (sent: SentRequest): Promise<Response> =>
  new Promise((_resolve, reject) => {
    const { signal } = sent;
    if (!signal) return;
    signal.addEventListener('abort', () =>
      reject(new DOMException('The operation was aborted.', 'AbortError')),
    );
  });

/** What a promise rejected with, so a test can check the error's class and fields together. */
export const rejectionOf = async (promise: Promise<unknown>): Promise<unknown> => {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('Expected the promise to reject, but it resolved');
};
