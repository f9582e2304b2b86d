import { afterEach, describe, expect, it } from 'vitest';
import { startLlmServer, type LlmServer } from '../../tests/api/support/llm-server';
import { inEnglish } from '../../schemas/trace-messages';
import { outboundPolicy } from '../kernel/outbound';
import { CodedError } from '../pipeline/stage';
import { createLlmClient } from './llm';

let server: LlmServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});
const signal = new AbortController().signal;

describe('the LLM client', () => {
  it('sends the prompt as the user message of a chat completion, and gives the answer', async () => {
    server = await startLlmServer();
    const llm = createLlmClient({ baseUrl: `${server.url}/`, apiKey: 'k', model: 'small' });
    expect(await llm.complete('Say hello\nplease', signal)).toBe('Draft: Say hello');
    expect(server.prompts).toEqual([
      { model: 'small', prompt: 'Say hello\nplease', authorization: 'Bearer k' },
    ]);
  });

  it('counts the tokens the endpoint says the exchange used', async () => {
    server = await startLlmServer();
    const llm = createLlmClient({ baseUrl: server.url, model: 'small' });
    const ask = () => llm.chat({ messages: [{ role: 'user', content: 'Bonjour' }] }, signal);
    expect(await ask()).toMatchObject({ content: 'Draft: Bonjour', tokens: 27 });
    server.replies.push(
      { content: 'a', usage: { prompt_tokens: 12, completion_tokens: 5 } },
      { content: 'b', usage: null },
    );
    expect((await ask()).tokens).toBe(17);
    expect((await ask()).tokens).toBe(0);
  });

  it('says which endpoint failed, and how', async () => {
    server = await startLlmServer({ status: 503 });
    const llm = createLlmClient({ baseUrl: server.url, model: 'small' });
    await expect(llm.complete('x', signal)).rejects.toThrow(
      'The LLM endpoint answered HTTP 503: {"error":{"message":"The model is overloaded"}}',
    );
    const unreachable = createLlmClient({ baseUrl: 'http://127.0.0.1:9/v1', model: 'small' });
    await expect(unreachable.complete('x', signal)).rejects.toThrow(/^The LLM endpoint could not be reached/);
  });

  it('connects to an endpoint a user typed only where the outbound policy allows, and reads it the same way', async () => {
    server = await startLlmServer();
    const refused = createLlmClient({ baseUrl: server.url, model: 'small', policy: outboundPolicy([]) });
    await expect(refused.complete('x', signal)).rejects.toThrow(
      /^The LLM endpoint could not be reached: 127\.0\.0\.1 resolves to 127\.0\.0\.1, an internal address/,
    );
    const allowed = createLlmClient({
      baseUrl: server.url,
      model: 'small',
      policy: outboundPolicy(['127.0.0.1']),
    });
    expect(await allowed.complete('Bonjour', signal)).toBe('Draft: Bonjour');
    server.replies.push({ status: 500 });
    await expect(allowed.complete('x', signal)).rejects.toThrow(/^The LLM endpoint answered HTTP 500/);
    server.replies.push({ content: 'late', delayMs: 2_000 });
    const impatient = createLlmClient({
      baseUrl: server.url,
      model: 'small',
      timeoutMs: 200,
      policy: outboundPolicy(['127.0.0.1']),
    });
    await expect(impatient.complete('x', signal)).rejects.toThrow(
      'The LLM endpoint did not answer within 0.2 s',
    );
  });

  it('says each failure by code, Node’s words and the answer only as a detail', async () => {
    const failure = async (asked: Promise<unknown>) => {
      const error = await asked.then(
        () => expect.fail('answered'),
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(CodedError);
      const { trace, message } = error as CodedError;
      expect(inEnglish(trace)).toBe(message);
      return { trace, message };
    };
    const endpoint = { list: [{ code: 'endpointLlm' }] };
    server = await startLlmServer();
    const llm = createLlmClient({ baseUrl: server.url, model: 'small', timeoutMs: 200 });
    server.replies.push({ status: 503 });
    expect((await failure(llm.complete('x', signal))).trace).toEqual({
      code: 'endpointHttpStatusDetail',
      params: { endpoint, status: 503, detail: '{"error":{"message":"The model is overloaded"}}' },
    });
    server.replies.push({ raw: '<html>Bad gateway</html>' });
    expect(await failure(llm.complete('x', signal))).toEqual({
      trace: { code: 'llmNoChoice' },
      message: 'The LLM endpoint answered without a choice (expected choices[0].message)',
    });
    server.replies.push({ content: null });
    expect(await failure(llm.complete('x', signal))).toEqual({
      trace: { code: 'llmNoMessage' },
      message: 'The LLM endpoint answered without a message (expected choices[0].message.content)',
    });
    server.replies.push({ raw: 'x'.repeat(5 * 1024 * 1024) });
    expect(await failure(llm.complete('x', signal))).toEqual({
      trace: { code: 'llmAnswerTooLarge', params: { megabytes: 4 } },
      message: "The LLM endpoint's answer passed 4 MB; it was not read",
    });
    server.replies.push({ content: 'late', delayMs: 2_000 });
    expect((await failure(llm.complete('x', signal))).trace).toEqual({
      code: 'endpointTimeout',
      params: { endpoint, seconds: 0.2 },
    });
    const unreachable = createLlmClient({ baseUrl: 'http://127.0.0.1:9/v1', model: 'small' });
    expect((await failure(unreachable.complete('x', signal))).trace).toEqual({
      code: 'endpointUnreachable',
      params: { endpoint, detail: expect.any(String) },
    });
    // The outbound policy's refusal is ours: said by code, host and address its parameters.
    const refused = createLlmClient({ baseUrl: server.url, model: 'small', policy: outboundPolicy([]) });
    expect(await failure(refused.complete('x', signal))).toEqual({
      trace: {
        code: 'endpointInternalAddress',
        params: { endpoint, host: '127.0.0.1', address: '127.0.0.1' },
      },
      message:
        'The LLM endpoint could not be reached: 127.0.0.1 resolves to 127.0.0.1, an internal address the platform does not send to',
    });
  });
});
