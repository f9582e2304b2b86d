import http from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';
import { traceList, traceMessage } from '../../schemas/trace-messages';
import { guardedLookup, OutboundRefused, refusedLiteral, type OutboundPolicy } from '../kernel/outbound';
import { CodedError } from '../pipeline/stage';

/**
 * A POST with node:http(s) whose connection goes only to an address the policy allows (DESIGN.md
 * §9), answered as a fetch `Response`: for endpoints a user typed (an environment's own LLM).
 */
const guardedPost = (
  url: string,
  init: { headers: Record<string, string>; body: string },
  policy: OutboundPolicy,
  signal: AbortSignal,
): Promise<Response> =>
  new Promise((resolve, reject) => {
    const target = new URL(url);
    const refused = refusedLiteral(target, policy);
    if (refused) return reject(refused);
    const client = target.protocol === 'https:' ? https : http;
    const body = Buffer.from(init.body);
    const request = client.request(target, {
      method: 'POST',
      lookup: guardedLookup(policy),
      headers: { ...init.headers, 'content-length': String(body.length) },
      signal,
    });
    request.on('response', (response) => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(response.headers))
        if (typeof value === 'string') headers.set(name, value);
      const status = response.statusCode ?? 500;
      // A Response cannot have a body with these statuses.
      const empty = status === 204 || status === 304;
      if (empty) response.resume();
      resolve(
        new Response(empty ? null : (Readable.toWeb(response) as ReadableStream<Uint8Array>), {
          status,
          headers,
        }),
      );
    });
    request.on('error', reject);
    request.end(body);
  });

/** The endpoints, as their failures name them (trace codes: the console says them in the user's language). */
const ENDPOINT_NAMES = { LLM: 'endpointLlm', speech: 'endpointSpeech' } as const;
export type EndpointName = keyof typeof ENDPOINT_NAMES;

/**
 * A POST to a third-party endpoint (speech, LLM) with its failures in the user's words, by code (a
 * CodedError): which endpoint, and whether it could not be reached, did not answer in time, or
 * answered an error; Node's words and the endpoint's answer are only their technical detail.
 * With a `policy`, the endpoint is one a user typed: internal addresses are refused at connection.
 */
export const postToEndpoint = async (
  what: EndpointName,
  url: string,
  init: { headers: Record<string, string>; body: BodyInit },
  timeoutMs: number,
  signal?: AbortSignal,
  policy?: OutboundPolicy,
): Promise<Response> => {
  const endpoint = traceList([traceMessage(ENDPOINT_NAMES[what])]);
  let response: Response;
  try {
    const timeout = AbortSignal.timeout(timeoutMs);
    const both = signal ? AbortSignal.any([signal, timeout]) : timeout;
    response = policy
      ? await guardedPost(url, init as { headers: Record<string, string>; body: string }, policy, both)
      : await fetch(url, { method: 'POST', ...init, signal: both });
  } catch (error) {
    if (signal?.aborted) throw error;
    // fetch throws the timeout's reason; node:http an AbortError caused by it.
    const cause = (error as { cause?: { name?: unknown } }).cause;
    if (error instanceof Error && (error.name === 'TimeoutError' || cause?.name === 'TimeoutError'))
      throw new CodedError(traceMessage('endpointTimeout', { endpoint, seconds: timeoutMs / 1000 }));
    if (error instanceof OutboundRefused)
      throw new CodedError(
        traceMessage('endpointInternalAddress', { endpoint, host: error.host, address: error.address }),
      );
    throw new CodedError(traceMessage('endpointUnreachable', { endpoint, detail: (error as Error).message }));
  }
  if (!response.ok) {
    const detail = (await response.text().catch(() => '')).slice(0, 200);
    throw new CodedError(
      detail
        ? traceMessage('endpointHttpStatusDetail', { endpoint, status: response.status, detail })
        : traceMessage('endpointHttpStatus', { endpoint, status: response.status }),
    );
  }
  return response;
};
