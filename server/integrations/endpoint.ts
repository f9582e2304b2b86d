/**
 * A POST to a third-party endpoint (speech, LLM) with its failures in the user's words: which
 * endpoint, and whether it could not be reached, did not answer in time, or answered an error.
 */
export const postToEndpoint = async (
  what: string,
  url: string,
  init: { headers: Record<string, string>; body: BodyInit },
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<Response> => {
  let response: Response;
  try {
    const timeout = AbortSignal.timeout(timeoutMs);
    response = await fetch(url, {
      method: 'POST',
      ...init,
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    if (error instanceof Error && error.name === 'TimeoutError')
      throw new Error(`The ${what} endpoint did not answer within ${timeoutMs / 1000} s`);
    throw new Error(`The ${what} endpoint could not be reached: ${(error as Error).message}`);
  }
  if (!response.ok) {
    const detail = (await response.text().catch(() => '')).slice(0, 200);
    throw new Error(`The ${what} endpoint answered HTTP ${response.status}${detail ? `: ${detail}` : ''}`);
  }
  return response;
};
